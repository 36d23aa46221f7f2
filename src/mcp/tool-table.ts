/**
 * Every MCP tool, as data: the server lists and calls what is here, docs/mcp.md lists the same (a test compares
 * them). An admin tool is one row naming the admin operation it calls; its input and output schemas come from that
 * operation in the OpenAPI document. A new admin endpoint becomes a tool with one row, for example:
 *
 *   { name: 'trigger', title: 'Trigger an event', description: '…', example: { event: 'payment.succeeded' },
 *     calls: [{ operation: 'adminTrigger' }] }
 */
import type { ToolRow } from './tool-types';
import { CONTROL_TOOLS } from './tools/control-tools';
import { INSPECT_TOOLS } from './tools/inspect-tools';
import { REQUEST_TOOL } from './tools/request-tool';
import { WORKSPACE_TOOLS } from './tools/workspace-tools';

/** The tools in the order an agent meets them: where things are, the API, time and behaviour, what happened. */
export const MCP_TOOLS: ToolRow[] = [...WORKSPACE_TOOLS, REQUEST_TOOL, ...CONTROL_TOOLS, ...INSPECT_TOOLS];

/**
 * Every MCP tool, as data: the server lists and calls what is here, docs/mcp.md lists the same (a test compares
 * them). An admin tool is one row naming the admin operation it calls; its input and output schemas come from that
 * operation in the OpenAPI document. A new admin endpoint becomes a tool with one row (see tools/trigger-tools.ts).
 */
import type { ToolRow } from './tool-types';
import { CONTROL_TOOLS } from './tools/control-tools';
import { INSPECT_TOOLS } from './tools/inspect-tools';
import { REQUEST_TOOL } from './tools/request-tool';
import { REVIEW_TOOLS } from './tools/review-tools';
import { TRIGGER_TOOLS } from './tools/trigger-tools';
import { WORKSPACE_TOOLS } from './tools/workspace-tools';

/**
 * The tools in the order an agent meets them: where things are, the API, making things happen, time and
 * behaviour, what happened, what it got wrong.
 */
export const MCP_TOOLS: ToolRow[] = [...WORKSPACE_TOOLS, REQUEST_TOOL, ...TRIGGER_TOOLS, ...CONTROL_TOOLS, ...INSPECT_TOOLS, ...REVIEW_TOOLS];

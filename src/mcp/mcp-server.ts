import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { PACKAGE_VERSION } from '../package-version';
import { MockApi, MockUnreachable } from './mock-api';
import type { McpResource } from './resources';
import type { McpTool, ToolAnswer } from './tool-types';

/** What the agent reads when it connects: where the mock is and how the tools fit together. */
function instructions(url: string): string {
  return [
    `payments-mock: a stateful sandbox of a payments API, listening at ${url}. Point the code under development at that base URL`,
    'with a test key from list_workspaces (secret keys for server code, publishable ones for browser code).',
    'request calls /v1 as a client; list_requests shows what any client sent and got; register a webhook endpoint with',
    'request (POST /v1/webhook_endpoints) and follow its deliveries with list_deliveries; advance_clock runs retries and',
    'expiry without waiting; set_scenario and queue_fault make things fail; reset starts over. Resources: the OpenAPI',
    'document, the errors catalogue, the test cards and the behaviour reference.',
  ].join(' ');
}

/**
 * The MCP server over a mock: lists and calls the tools, lists and reads the resources. Nothing an agent sends makes
 * it throw: an unknown tool, a refused input or an unreachable mock is a tool error (`isError`) that says what to do.
 *
 * @example
 * const server = createMcpServer(new MockApi('http://127.0.0.1:4010'), buildTools(MCP_TOOLS, operationSchemas()), MCP_RESOURCES, log);
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(api: MockApi, tools: McpTool[], resources: McpResource[], log: (line: string) => void): Server {
  const server = new Server(
    { name: 'payments-mock', title: 'payments-mock', version: PACKAGE_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: instructions(api.url) },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema, outputSchema, readOnly }) => ({
      name,
      title,
      description,
      inputSchema: inputSchema as { type: 'object' },
      outputSchema: outputSchema as { type: 'object' },
      annotations: { title, readOnlyHint: readOnly, openWorldHint: false },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    const tool = byName.get(name);
    if (!tool) return toolError(`Unknown tool: ${name.slice(0, 80)}. The tools are: ${[...byName.keys()].join(', ')}.`);
    try {
      return result(await tool.run(request.params.arguments ?? {}, api, extra.signal));
    } catch (error) {
      if (error instanceof MockUnreachable) return toolError(error.message);
      if (extra.signal.aborted) return toolError(`${name} was cancelled.`);
      log(`tool ${name} failed unexpectedly: ${(error as Error).stack ?? String(error)}`);
      return toolError(`payments-mock mcp could not run ${name}: ${(error as Error).message}`);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const resource = resources.find((candidate) => candidate.uri === request.params.uri);
    if (!resource) {
      const known = resources.map((candidate) => candidate.uri).join(', ');
      throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri.slice(0, 100)}. The resources are: ${known}.`);
    }
    try {
      return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: await resource.read(api, extra.signal) }] };
    } catch (error) {
      throw new McpError(
        ErrorCode.InternalError,
        error instanceof MockUnreachable ? error.message : `Could not read ${resource.uri}: ${(error as Error).message}`,
      );
    }
  });

  return server;
}

/** An answer as MCP content: the JSON as text for every client, and as structured content for those that read it. */
function result(answer: ToolAnswer): CallToolResult {
  if (answer.ok) return { content: [{ type: 'text', text: JSON.stringify(answer.value, null, 2) }], structuredContent: answer.value };
  return {
    ...toolError(answer.message),
    ...(answer.detail !== undefined ? { content: [text(answer.message), text(JSON.stringify(answer.detail, null, 2))] } : {}),
    ...(answer.value !== undefined ? { structuredContent: answer.value } : {}),
  };
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [text(message)] };
}

function text(value: string) {
  return { type: 'text' as const, text: value };
}

import type { MockApi } from './mock-api';

/** A JSON Schema object, as MCP tools declare their input and output. */
export type JsonSchema = Record<string, unknown>;

/** A tool's input: the `arguments` of a `tools/call`, an object once the server has checked it is one. */
export type ToolInput = Record<string, unknown>;

/**
 * One admin API operation a tool calls, named by its `operationId` in the OpenAPI document (`GET /openapi.json`),
 * so the tool's input and output schemas are the operation's own and cannot drift from what the mock accepts.
 */
export interface OperationCall {
  operation: string;
  /**
   * Which input field fills each path parameter: `{ id: 'workspace' }` puts the tool's `workspace` into
   * `/_mock/workspaces/{id}/clock`. A tool with several calls makes the first whose path parameters are all given.
   */
  pathFrom?: Record<string, string>;
}

/** A tool that is one admin API call (or one of a few alternatives): the table gives words, the API gives shapes. */
export interface AdminToolRow {
  name: string;
  /** A short human title (what MCP clients show in their tool pickers). */
  title: string;
  /** For an agent: what it does and when to use it. The example input is appended when the tool is built. */
  description: string;
  /** An example input; a test checks it against the input schema. */
  example: ToolInput;
  calls: OperationCall[];
  /** Descriptions for input fields the API's schema leaves bare (and for the path parameters). */
  inputNotes?: Record<string, string>;
  /** Values the tool sends when the agent leaves the field out (a journal of 1000 entries floods an agent's context). */
  defaults?: ToolInput;
  /**
   * Values the tool always sends, which are not in its input (`{ as: 'flow' }`: one operation, two tools), and the
   * operation's inputs the tool does not offer. Both are left out of the input schema.
   */
  fixed?: ToolInput;
  omit?: string[];
  /** When the operation answers one of several shapes (`oneOf`), the one this tool gets: its index. */
  answers?: number;
}

/** What a tool's run gives back: an answer (structured output), or an error whose message is the API's. */
export type ToolAnswer = { ok: true; value: Record<string, unknown> } | { ok: false; message: string; detail?: unknown; value?: Record<string, unknown> };

/** A tool made of more than one call (or not of an admin call): its schemas and its run are its own. */
export interface CustomToolRow {
  name: string;
  title: string;
  description: string;
  example: ToolInput;
  inputSchema: JsonSchema;
  /** Built from the operations' answers where it can be, so it follows the API. */
  outputSchema: (schemas: OperationSchemas) => JsonSchema;
  /** The calls it makes, for people: `GET /_mock/keys`, `<method> /v1/…`. */
  calls: string[];
  /** Whether it only reads (MCP's `readOnlyHint`, so a client may call it without asking). */
  readOnly: boolean;
  run: (input: ToolInput, api: MockApi, signal?: AbortSignal) => Promise<ToolAnswer>;
}

export type ToolRow = AdminToolRow | CustomToolRow;

/** A tool ready to list and call. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  example: ToolInput;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** The HTTP calls it makes (`POST /_mock/clock/advance`), for the docs and the tool list. */
  calls: string[];
  /** Whether it only reads: an admin tool whose operations are all GETs. */
  readOnly: boolean;
  run: (input: ToolInput, api: MockApi, signal?: AbortSignal) => Promise<ToolAnswer>;
}

/** One admin operation as the tools use it: where it is and what it takes and answers, every `$ref` inlined. */
export interface OperationShape {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form: `/_mock/workspaces/{id}/clock`. */
  path: string;
  pathParams: string[];
  /** Query parameters by name (GET). */
  query: Record<string, JsonSchema>;
  /** The JSON body's properties and required names (POST, PUT). */
  body: { properties: Record<string, JsonSchema>; required: string[] } | undefined;
  response: JsonSchema;
}

/** Looks operations up by `operationId`. */
export interface OperationSchemas {
  get(operationId: string): OperationShape;
}

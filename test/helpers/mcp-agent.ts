import { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { requireBuild } from './cli-process';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'payments-mock.js');

export interface Agent {
  client: Client;
  /** The `payments-mock mcp` process. */
  child: ChildProcess;
  pid: number;
  stderr(): string;
  /** Calls a tool; the SDK client checks the structured output against the tool's outputSchema. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool that must succeed, and gives its structured output. */
  ok<T = any>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Resolves with the first match in stderr, written or still to come (stderr is a pipe of its own: what the process writes there arrives apart from its answers on stdout); rejects after `timeoutMs`. */
  waitForStderr(match: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code and signal once the process has ended and all it wrote to stderr has been read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  close(): Promise<void>;
}

const agents = new Set<Agent>();

/**
 * Spawns `node bin/payments-mock.js mcp <args>` with the MCP SDK's own client over stdio, as a coding agent does,
 * and lists the tools once (the client validates structured outputs against the schemas it listed).
 */
export async function connectAgent(args: string[], env: Record<string, string> = {}): Promise<Agent> {
  requireBuild();
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => !name.startsWith('PAYMENTS_MOCK_') && value !== undefined)) as Record<
    string,
    string
  >;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: { ...clean, ...env }, cwd: ROOT, stderr: 'pipe' });
  let stderr = '';
  const wrote = new Set<() => void>();
  const stderrStream = transport.stderr;
  stderrStream?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const wake of wrote) wake();
  });
  // The process's 'exit' can come before the last of its stderr is read: `exited` waits for the end of that pipe too.
  const stderrEnded = new Promise<void>((resolve) => (stderrStream ? stderrStream.once('end', resolve) : resolve()));
  const client = new Client({ name: 'payments-mock-tests', version: '1.0.0' });
  await client.connect(transport);
  // The transport keeps its process private; the tests need it to see how it ends.
  const child = (transport as unknown as { _process: ChildProcess })._process;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const exited = Promise.all([ended, stderrEnded]).then(([status]) => status);
  const waitForStderr = (match: RegExp, timeoutMs = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = match.exec(stderr);
        if (found) finish(() => resolve(found[0]));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no ${match} on stderr within ${timeoutMs} ms. stderr:\n${stderr}`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        wrote.delete(check);
        settle();
      };
      wrote.add(check);
      check();
    });
  await client.listTools();
  const agent: Agent = {
    client,
    child,
    pid: child.pid as number,
    stderr: () => stderr,
    waitForStderr,
    call: (name, toolArgs = {}) => client.callTool({ name, arguments: toolArgs }) as Promise<CallToolResult>,
    async ok(name, toolArgs = {}) {
      const result = await agent.call(name, toolArgs);
      if (result.isError) throw new Error(`${name} ${JSON.stringify(toolArgs)} failed: ${JSON.stringify(result.content)}\nstderr:\n${stderr}`);
      return result.structuredContent as any;
    },
    exited,
    async close() {
      agents.delete(agent);
      await client.close();
    },
  };
  agents.add(agent);
  return agent;
}

/** Closes every agent a test left open (afterEach), so no process outlives a failed test. */
export async function closeAgents(): Promise<void> {
  await Promise.all([...agents].map((agent) => agent.close()));
}

/** The text of a tool result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first && first.type === 'text' ? first.text : '';
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { buildTools } from '../../../src/mcp/build-tools';
import { operationSchemas } from '../../../src/mcp/operation-schemas';
import { MCP_RESOURCES } from '../../../src/mcp/resources';
import { MCP_TOOLS } from '../../../src/mcp/tool-table';

/** The tool table, its schemas and docs/mcp.md cannot drift apart. */
const DOC = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'mcp.md'), 'utf8');
const tools = buildTools(MCP_TOOLS, operationSchemas());

/** The rows of the table between `<!-- name:start -->` and `<!-- name:end -->`, as cells. */
function tableRows(name: string): string[][] {
  const block = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(DOC)?.[1];
  if (block === undefined) throw new Error(`docs/mcp.md lacks the ${name} table`);
  return block
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

describe('docs/mcp.md', () => {
  const rows = tableRows('mcp-tools');

  it('lists every tool of the table, in its order', () => {
    expect(rows.map(([name]) => codes(name ?? '')[0])).toEqual(tools.map((tool) => tool.name));
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))('shows the input fields and calls of %s as the code has them', (name, tool) => {
    const row = rows.find(([cell]) => codes(cell ?? '')[0] === name) ?? [];
    const required = (tool.inputSchema.required ?? []) as string[];
    const fields = Object.keys(tool.inputSchema.properties as object).map((field) => (required.includes(field) ? field : `${field}?`));
    expect({ input: codes(row[2] ?? ''), calls: codes(row[3] ?? '') }).toEqual({ input: fields, calls: tool.calls });
  });

  it('lists every resource', () => {
    expect(tableRows('mcp-resources').map(([uri]) => codes(uri ?? '')[0])).toEqual(MCP_RESOURCES.map((resource) => resource.uri));
  });
});

describe('the tool table', () => {
  const ajv = new Ajv({ strict: false });

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s: its example input fits its input schema, and its description shows it once, at the end',
    (_name, tool) => {
      const validate = ajv.compile(tool.inputSchema);
      expect(validate(tool.example) ? [] : validate.errors).toEqual([]);
      // Shown once, at the end: a row that wrote its own "Example input" would show two that may disagree.
      expect(tool.description.split('Example input:')).toHaveLength(2);
      expect(tool.description.endsWith(`Example input: ${JSON.stringify(tool.example)}`)).toBe(true);
    },
  );

  it('has unique snake_case names', () => {
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('inlines every $ref, so each schema stands alone', () => {
    for (const tool of tools) expect(JSON.stringify([tool.inputSchema, tool.outputSchema])).not.toContain('$ref');
  });

  it('marks as read-only exactly the tools that only read', () => {
    expect(tools.filter((tool) => tool.readOnly).map((tool) => tool.name)).toEqual([
      'list_workspaces',
      'get_clock',
      'list_faults',
      'export_state',
      'list_requests',
      'save_session_as_flow',
      'list_webhook_endpoints',
      'list_deliveries',
      'memory_usage',
      'review_integration',
    ]);
  });

  it('refuses a row that names an operation the mock does not have', () => {
    const row = { name: 'trigger', title: 'Trigger', description: 'x', example: {}, calls: [{ operation: 'adminTrigger' }] };
    expect(() => buildTools([row], operationSchemas({ paths: {} }))).toThrow('No operation adminTrigger in the OpenAPI document');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOptionsMarkdown } from '../../../src/app/start-options-markdown';
import { START_OPTIONS, startOptionEntries } from '../../../src/app/start-options';
import { main, CliIO } from '../../../src/cli/main';

const PAGE = readFileSync(join(__dirname, '../../../docs/command-line.md'), 'utf8');

async function helpOf(args: string[]): Promise<string> {
  let out = '';
  const io: CliIO = { stdout: (text) => void (out += text), stderr: (text) => void (out += text), isTTY: false };
  await main(['node', 'payments-mock', ...args], io);
  return out;
}

describe('the start options: one table for the flags, the variables, --help and the docs', () => {
  it('docs/command-line.md holds the table exactly as `npm run docs` writes it from src/app/start-options.ts', () => {
    expect(PAGE).toContain(`<!-- start-options:start -->\n${startOptionsMarkdown()}\n<!-- start-options:end -->`);
  });

  it('--help lists every option with its variable, and mcp --help every one mcp --start takes', async () => {
    const [root, mcp] = [await helpOf(['--help']), await helpOf(['mcp', '--help'])];
    for (const [name, entry] of startOptionEntries()) {
      const line = `${entry.flag}${entry.arg ? ` ${entry.arg}` : ''}`;
      expect(root).toMatch(
        new RegExp(`^  ${line.replace(/[[\]|]/g, '\\$&')} +${entry.help.slice(0, 20).replace(/[()[\]|.*+?]/g, '\\$&')}.*env: ${entry.env}\\)$`, 'm'),
      );
      expect(mcp.includes(`  ${line} `)).toBe(name !== 'log');
    }
  });

  it('`payments-mock help` is `payments-mock --help`', async () => {
    expect(await helpOf(['help'])).toBe(await helpOf(['--help']));
  });

  it('every variable is one of the package (PAYMENTS_MOCK_), none named twice', () => {
    const envs = Object.values(START_OPTIONS).map((entry) => entry.env);
    expect(new Set(envs).size).toBe(envs.length);
  });
});

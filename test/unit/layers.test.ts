import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Keeps the house as docs/architecture.md draws it: every relative import in src/ points to the importer's own
 * folder or to a folder on a lower floor of the layer table, every entry of src/ has a floor, and the source
 * tree shown lists exactly what `ls src` shows.
 */
const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const DOC = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** `cli/` → 14, `index.ts` → 15, from the table after the `<!-- layers -->` marker. */
function floors(): Map<string, number> {
  // The table is the first run of `|` lines after the marker (prettier pads its cells and puts a blank line before it).
  const lines = DOC.slice(DOC.indexOf('<!-- layers -->')).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const map = new Map<string, number>();
  for (const row of lines.slice(start, end).filter((line) => /^\|\s*\d+\s*\|/.test(line))) {
    const [, floor, units] = row.split('|').map((cell) => cell.trim());
    for (const unit of (units as string).matchAll(/`([^`]+)`/g)) map.set((unit[1] as string).replace(/\/$/, ''), Number(floor));
  }
  return map;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

/** The entry of src/ a file belongs to: `http` for src/http/respond.ts, `request-response.ts` for src/request-response.ts. */
const unitOf = (file: string): string => relative(SRC, file).split(sep)[0] as string;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*'(\.[^']+)'/g), ...text.matchAll(/(?:require|import)\(\s*'(\.[^']+)'\s*\)/g)];
  return specs.map((match) => match[1] as string);
}

function resolveUnit(file: string, spec: string): string | undefined {
  const target = resolve(dirname(file), spec);
  if (!target.startsWith(SRC + sep)) return undefined;
  const unit = unitOf(target);
  // `../request-response` names src/request-response.ts.
  return floors().has(unit) ? unit : `${unit}.ts`;
}

describe('the layer table of docs/architecture.md', () => {
  const table = floors();

  it('gives a floor to every entry of src/', () => {
    const missing = readdirSync(SRC).filter((entry) => !table.has(entry));
    expect(missing).toEqual([]);
  });

  it('lists in its source tree exactly the entries of src/', () => {
    const tree = DOC.slice(DOC.indexOf('<!-- source-tree -->')).split('```')[1] as string;
    const shown = new Set([...tree.matchAll(/src\/([\w.-]+)/g)].map((match) => match[1] as string));
    expect([...shown].sort()).toEqual(readdirSync(SRC).sort());
  });

  it('keeps the browser code to itself: src/browser/client/ imports its own files and, outside them, only ground files that import only ground files (it runs in a page)', () => {
    // The kit may share a pure rule (Luhn) or a wire type with the server, never anything that could pull in a
    // Node built-in, a package or server code: a file on the ground floor whose imports, followed all the way,
    // are ground files too (the wire types import the schema builder beside them). The client's own tsconfig
    // (DOM, no Node types) then compiles them too, so a Node global in one fails the build.
    const client = join(SRC, 'browser', 'client');
    const ground = Math.min(...table.values());
    const outside = sourceFiles(client).flatMap((file) =>
      importsOf(file)
        .filter((spec) => !resolve(dirname(file), spec).startsWith(client + sep))
        .filter((spec) => {
          const [target] = fileOf(file, spec);
          return target === undefined || !onGroundAllTheWay(target, ground, table);
        })
        .map((spec) => `${relative(ROOT, file)} imports '${spec}'`),
    );
    expect(outside).toEqual([]);
  });

  it('has no import that runs up a floor or across to a sibling folder', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = unitOf(file);
      const fromFloor = table.get(from) as number;
      for (const spec of importsOf(file)) {
        const to = resolveUnit(file, spec);
        if (to === undefined || to === from) continue;
        const toFloor = table.get(to);
        if (toFloor === undefined || toFloor >= fromFloor)
          problems.push(
            `${relative(ROOT, file)} imports '${spec}': ${from} (floor ${fromFloor}) may only import folders on lower floors, and ${to} is on floor ${toFloor ?? '?'}. See docs/architecture.md.`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no circle of files, type imports and files of one folder included: every arrow points one way', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file).flatMap((spec) => fileOf(file, spec))]));
    expect(circles(graph).map((circle) => circle.map((file) => relative(ROOT, file)).join(' → '))).toEqual([]);
  });
});

/** Whether a file is on the ground floor and so is everything it imports, all the way down; no package or built-in. */
function onGroundAllTheWay(file: string, ground: number, table: Map<string, number>, seen = new Set<string>()): boolean {
  if (seen.has(file)) return true;
  seen.add(file);
  if (table.get(unitOf(file)) !== ground) return false;
  const text = readFileSync(file, 'utf8');
  const bare = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*'([^.'][^']*)'/g), ...text.matchAll(/(?:require|import)\(\s*'([^.'][^']*)'\s*\)/g)];
  if (bare.length > 0) return false;
  return importsOf(file).every((spec) => {
    const [target] = fileOf(file, spec);
    return target !== undefined && onGroundAllTheWay(target, ground, table, seen);
  });
}

/** The source file an import names (`./x` → x.ts or x/index.ts); none for a package or a built asset. */
function fileOf(from: string, spec: string): string[] {
  const target = resolve(dirname(from), spec);
  const found = [target, `${target}.ts`, `${target}.js`, join(target, 'index.ts')].find((path) => existsSync(path) && statSync(path).isFile());
  return found && /\.(ts|js)$/.test(found) && found.startsWith(SRC + sep) ? [found] : [];
}

/** Each group of files that reach one another (Tarjan's strongly connected components), shown as one circle through them. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let top: string;
    do {
      top = stack.pop() as string;
      group.push(top);
    } while (top !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push([...group.reverse(), group[0] as string]);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

// ARCHITECTURE.md §2, kept true by a test: the modules import one another without a loop, and the
// ground floor (common, config, shared, database) imports no module — except the two places that
// compose the whole application's schema: the entity list and the seeds.

const SRC = join(process.cwd(), 'src');
const COMPOSITION = [/^database\/entities\.ts$/, /^database\/seeds\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** `modules/requests/x.ts` → `requests`; anything else → its top folder (`database`, `common`…). */
function ownerOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'modules' ? parts[1] : parts.length > 1 ? parts[0] : 'root';
}

/** Every relative import of every source file, as [from file, to file]. */
function importsOf(files: string[]): [string, string][] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
      ([, spec]) => [file, normalize(join(dirname(file), spec))] as [string, string],
    ),
  );
}

/** The strongly connected groups of more than one node (Tarjan): each is an import loop. */
export function loops(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do group.push((member = stack.pop()!));
      while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const files = sourceFiles(SRC);
const imports = importsOf(files);

describe('the import structure of src', () => {
  it('has no loop between modules', () => {
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) {
      if (!relative(SRC, from).startsWith('modules/') || !relative(SRC, to).startsWith('modules/')) continue;
      const [a, b] = [ownerOf(from), ownerOf(to)];
      if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
    expect(edges.size).toBeGreaterThan(5);
    expect(loops(edges)).toEqual([]);
  });

  it('keeps the ground floor free of module imports (the schema composition aside)', () => {
    const offending = imports
      .filter(([from, to]) => {
        const path = relative(SRC, from);
        const ground = ['common', 'config', 'shared', 'database'].includes(ownerOf(from));
        return ground && !COMPOSITION.some((pattern) => pattern.test(path)) && relative(SRC, to).startsWith('modules/');
      })
      .map(([from, to]) => `${relative(SRC, from)} → ${relative(SRC, to)}`);
    expect(offending).toEqual([]);
  });

  it('finds a loop when there is one (the check itself)', () => {
    const edges = new Map([
      ['requests', new Set(['messaging'])],
      ['messaging', new Set(['system'])],
      ['system', new Set(['requests'])],
      ['reports', new Set(['messaging'])],
    ]);
    expect(loops(edges)).toEqual([['messaging', 'requests', 'system']]);
    expect(loops(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });
});

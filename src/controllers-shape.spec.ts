import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// ARCHITECTURE.md §4a, kept true by a test: a controller only routes. The shapes it accepts (class-validator
// DTOs, list specs) live in its feature's `*.dto.ts`, and what two controllers share lives in a file both
// import, never in one of them.

const SRC = join(process.cwd(), 'src');

interface Source {
  path: string;
  text: string;
}

function controllers(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return controllers(path);
    return entry.name.endsWith('.controller.ts') ? [{ path: relative(SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/** What a controller holds that belongs elsewhere, one line each. */
export function shapeProblems(files: Source[]): string[] {
  return files.flatMap(({ path, text }) => [
    ...[...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*\.controller)(?:\.js)?'/g)].map(([, spec]) => `${path} imports ${spec}`),
    ...[...text.matchAll(/\bclass\s+(\w+(?:Dto|Body))\b/g)].map(([, name]) => `${path} declares ${name}`),
    ...[...text.matchAll(/\bconst\s+(\w+)\s*:\s*ListSpec\b/g)].map(([, name]) => `${path} declares the list spec ${name}`),
  ]);
}

describe('the shape of controllers', () => {
  const files = controllers(SRC);

  it('declares no DTO or list spec and imports no other controller', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(shapeProblems(files)).toEqual([]);
  });

  it('finds each kind of misplaced shape (the check itself)', () => {
    const text = [
      "import { ToggleDto } from '../stickers/stickers.controller';",
      "import { LIST } from './desk.controller.js';",
      "import { PlaceDto } from './places.dto';",
      'export class SaveBody {}',
      'class HiddenDto {}',
      "const LIST: ListSpec<'id', 'id'> = { resource: 'x', sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' }, filterable: [] };",
      '@Controller() export class DeskController {}',
    ].join('\n');
    expect(shapeProblems([{ path: 'x.controller.ts', text }])).toEqual([
      'x.controller.ts imports ../stickers/stickers.controller',
      'x.controller.ts imports ./desk.controller',
      'x.controller.ts declares SaveBody',
      'x.controller.ts declares HiddenDto',
      'x.controller.ts declares the list spec LIST',
    ]);
  });
});

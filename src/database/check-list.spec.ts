import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkIn } from './check-list';

function entityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entityFiles(path);
    return /\.(entity|embeddable)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('CHECK lists', () => {
  it('spells a value list as PostgreSQL stores it, and refuses what is not a plain code', () => {
    expect(checkIn('status', ['received', 'reviewing'])).toBe("status IN ('received','reviewing')");
    expect(() => checkIn('status', ["x') OR (1=1"])).toThrow('not a plain code');
  });

  it('are built from the shared lists in every entity (no list typed out in a decorator)', () => {
    const typedOut = entityFiles(join(process.cwd(), 'src'))
      .filter((file) => /@Check\(\s*'[^']+',\s*["`][a-z_]+ IN \(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.replace(`${process.cwd()}/`, ''));
    expect(typedOut).toEqual([]);
  });
});

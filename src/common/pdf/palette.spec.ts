import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PALETTE } from './palette';

// The documents wear the public site's colours: a change of the site's tokens shows here first.
const tokens = readFileSync(join(process.cwd(), 'public-ui', 'src', 'styles', 'tokens.css'), 'utf8');

function token(name: string): string {
  const value = new RegExp(`${name}:\\s*([^;]+);`).exec(tokens)?.[1].trim() ?? '';
  const alias = /^var\((--[\w-]+)\)$/.exec(value);
  return alias ? token(alias[1]) : value.toUpperCase();
}

describe('the documents’ palette', () => {
  it('uses the public site’s primary green as its one brand green', () => {
    expect(PALETTE.green).toBe(token('--color-primary'));
  });

  it.each([
    ['deep', '--brand-800'],
    ['mist', '--brand-200'],
    ['tint', '--brand-50'],
    ['sand', '--sand-300'],
    ['amber', '--amber-500'],
    ['ink', '--grey-900'],
    ['muted', '--grey-600'],
    ['line', '--grey-300'],
    ['white', '--white'],
  ] as const)('takes %s from %s', (key, name) => {
    expect(PALETTE[key]).toBe(token(name));
  });
});

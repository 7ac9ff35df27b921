import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ENTITY_LABELS, activityEntityLabel } from '../../../shared/labels';

/** Every server source file (not tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name: string) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const written = (pattern: RegExp) =>
  [
    ...new Set(sources(join('src', 'modules')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1]))),
  ].sort();

// The activity log is read by people: whatever the server writes as an action or a subject has an Arabic name.
describe('activity-log labels', () => {
  it('names in Arabic every entity type the server writes', () => {
    const types = written(/entityType: '([a-z_]+)'/g);
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((type) => !ACTIVITY_ENTITY_LABELS[type])).toEqual([]);
  });

  it('names in Arabic every action the server writes', () => {
    const actions = written(/action: '([a-z_]+_[a-z_]+|logout)'/g);
    expect(actions.length).toBeGreaterThan(20);
    expect(actions.filter((action) => !ACTIVITY_ACTION_LABELS[action])).toEqual([]);
  });

  it('never shows an unknown type as written', () => {
    expect(activityEntityLabel('governance_card')).toBe('وثيقة حوكمة');
    expect(activityEntityLabel('some_new_thing')).toBe('عنصر آخر');
  });
});

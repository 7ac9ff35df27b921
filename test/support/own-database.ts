import { randomBytes } from 'node:crypto';
import { createDatabase, dropDatabase } from '../../src/infra/embedded-postgres';
import { testState } from './test-env';

/**
 * A fresh database of its own, migrated and seeded by the first app started on it, for a file whose
 * subject is the whole database (the seeds, settings on every account, a walk of every screen): it sees
 * no other file's rows and changes none. `drop` removes it.
 */
export async function ownDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(testState().databaseUrl);
  await createDatabase(url.toString(), name);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(testState().databaseUrl, name).catch(() => undefined) };
}

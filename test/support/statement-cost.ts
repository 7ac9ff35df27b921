import type { DataSource } from 'typeorm';

export interface Statement {
  text: string;
  values: unknown[];
}

type QueryConfig = string | { text: string; values?: unknown[] };
interface SpiedClient {
  query: (config: QueryConfig, values?: unknown, callback?: unknown) => unknown;
  statementsSpied?: boolean;
}

/** Where the spied connections report, while statementsOf() records. */
let recorder: Statement[] | null = null;
const spiedPools = new WeakSet<object>();

/**
 * Records every statement the application sends to PostgreSQL while `run` runs, from any connection
 * of its pool (TypeORM's queries and the prepared ones alike), and passes each one through unchanged.
 */
export async function statementsOf(db: DataSource, run: () => Promise<unknown>): Promise<Statement[]> {
  const pool = (db.driver as unknown as { master: { on(event: 'acquire', listener: (client: SpiedClient) => void): void } }).master;
  if (!spiedPools.has(pool)) {
    spiedPools.add(pool);
    pool.on('acquire', (client) => {
      if (client.statementsSpied) return;
      client.statementsSpied = true;
      const query = client.query.bind(client);
      client.query = (config, values, callback) => {
        recorder?.push(
          typeof config === 'string'
            ? { text: config, values: Array.isArray(values) ? values : [] }
            : { text: config.text, values: config.values ?? [] },
        );
        return query(config, values, callback);
      };
    });
  }
  const seen: Statement[] = [];
  recorder = seen;
  try {
    await run();
  } finally {
    recorder = null;
  }
  return seen;
}

/**
 * Shared buffers (pages) a statement touches, read by EXPLAIN (ANALYZE, BUFFERS) in a transaction that
 * is rolled back: deterministic where time is not. Run twice, the second counted, so plan caches and
 * the catalog are warm. Statements that EXPLAIN cannot take (BEGIN, COMMIT) count 0.
 */
export async function buffersOf(db: DataSource, statement: Statement): Promise<number> {
  if (!/^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i.test(statement.text)) return 0;
  const runner = db.createQueryRunner();
  try {
    let pages = 0;
    for (let round = 0; round < 2; round++) {
      await runner.startTransaction();
      try {
        const [row] = (await runner.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values)) as {
          'QUERY PLAN': { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }[];
        }[];
        const plan = row['QUERY PLAN'][0].Plan;
        pages = plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
      } finally {
        await runner.rollbackTransaction();
      }
    }
    return pages;
  } finally {
    await runner.release();
  }
}

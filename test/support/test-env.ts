/** What global setup prepared for this run. */
export interface TestState {
  databaseUrl: string;
  serverUrl: string;
  databaseName: string;
  redisUrl: string;
  redisPrefix: string;
  runId: string;
}

export function testState(): TestState {
  if (process.env.TEST_RUN_DATABASE_URL) {
    return {
      databaseUrl: process.env.TEST_RUN_DATABASE_URL,
      redisUrl: process.env.TEST_RUN_REDIS_URL!,
      redisPrefix: process.env.TEST_RUN_REDIS_PREFIX!,
      serverUrl: '',
      databaseName: '',
      runId: '',
    };
  }
  throw new Error('No test services: run the tests through jest (the integration and e2e projects start them)');
}

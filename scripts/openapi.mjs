#!/usr/bin/env node
// `npm run openapi`: writes docs/openapi.json, the OpenAPI document of every route, for committing
// (test/integration/openapi.int-spec.ts fails while the app's document differs from it). The server
// is compiled into a scratch folder, not dist/ (a running app may be serving from there), and its
// src/openapi.ts builds the document without a database or Redis.
import { spawnSync } from 'node:child_process';

const OUT = 'node_modules/.cache/openapi-build';

for (const [command, ...args] of [
  ['npx', 'tsc', '-p', 'tsconfig.build.json', '--outDir', OUT],
  [process.execPath, `${OUT}/src/openapi.js`],
]) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

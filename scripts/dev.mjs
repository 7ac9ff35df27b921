#!/usr/bin/env node
// Development mode: the API recompiles and restarts on change; both user interfaces run on Vite's
// dev servers with hot reload, sending /api calls to the API.
//   public site  http://localhost:5173/
//   admin        http://localhost:5174/admin/
//   API          http://localhost:3000/api/health
import { spawn, spawnSync } from 'node:child_process';

const children = [];
function start(name, command, args) {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`[dev] ${name} exited with ${code}`);
  });
  children.push(child);
}

if (spawnSync(process.execPath, ['scripts/ensure-system-deps.mjs', 'redis'], { stdio: 'inherit' }).status !== 0) process.exit(1);
// A first full compile, so the API has something to run.
if (spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' }).status !== 0) process.exit(1);

start('tsc', 'npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
start('api', process.execPath, ['--watch-path=dist', 'dist/src/main.js']);
start('public-ui', 'npx', ['vite', '--config', 'public-ui/vite.config.ts', '--port', '5173', '--strictPort']);
start('admin-ui', 'npx', ['vite', '--config', 'admin-ui/vite.config.ts', '--port', '5174', '--strictPort']);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

#!/usr/bin/env node
// `npm start` builds only what is missing or older than its sources: the server (tsc), the public site
// and the admin (vite). A fresh checkout builds everything; a second start builds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under these files and folders (node_modules and build output skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const shared = ['src/shared', 'package-lock.json'];
const targets = [
  {
    name: 'server',
    output: 'dist/src/main.js',
    sources: ['src', 'tsconfig.json', 'tsconfig.build.json', ...shared],
    command: ['tsc', '-p', 'tsconfig.build.json'],
  },
  {
    name: 'public site',
    output: 'public-ui/dist/index.html',
    sources: ['public-ui', ...shared],
    command: ['vite', 'build', '--config', 'public-ui/vite.config.ts'],
  },
  {
    name: 'admin',
    output: 'admin-ui/dist/index.html',
    sources: ['admin-ui', ...shared],
    command: ['vite', 'build', '--config', 'admin-ui/vite.config.ts'],
  },
  {
    // The light login page goes into the same folder, after the admin (whose build empties it).
    name: 'admin login',
    output: 'admin-ui/dist/login.html',
    sources: ['admin-ui', ...shared],
    command: ['vite', 'build', '--config', 'admin-ui/vite.login.config.ts'],
  },
];

for (const target of targets) {
  const built = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  if (built && built >= newest(target.sources)) {
    console.log(`[start] ${target.name}: up to date`);
    continue;
  }
  console.log(`[start] ${target.name}: building`);
  const result = spawnSync('npx', target.command, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

#!/usr/bin/env node
// Checks the system programs that `npm start` / `npm test` need and installs what is missing when
// it can (Debian/Ubuntu as root: apt-get; macOS: Homebrew). Otherwise it exits 1 and says what to
// install, or which environment variable to set instead.
//
//   node scripts/ensure-system-deps.mjs redis chromium fonts
//
//   redis     redis-server on PATH, for the private Redis server started when REDIS_URL is not set
//             (skipped when REDIS_URL is set, or TEST_REDIS_URL when run for the tests)
//   chromium  /usr/bin/chromium or chromium on PATH, or CHROMIUM_PATH (headless browser tests)
//   poppler   pdftotext on PATH (the PDF tests read the text back)
//   fonts     a font with Arabic letters, as seen by fontconfig (fc-list :lang=ar)
//   postgres  a PostgreSQL server with its pg_dump and pg_restore of the same major version, under
//             /usr/lib/postgresql/<N>/bin (the backup test runs its own server of the version the
//             machine's pg_dump can dump; the embedded PostgreSQL ships no pg_dump)
//   caddy     caddy on PATH (the production-shape tests run the repository's Caddyfile in front of the api)
//
// When everything is there it prints nothing and exits 0.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAME = 'ensure-system-deps';
const KNOWN = ['redis', 'chromium', 'fonts', 'poppler', 'postgres', 'caddy'];

const requested = process.argv.slice(2);
const unknown = requested.filter((arg) => !KNOWN.includes(arg));
if (unknown.length || requested.length === 0) {
  console.error(`${NAME}: usage: node scripts/ensure-system-deps.mjs [${KNOWN.join('] [')}]`);
  if (unknown.length) console.error(`${NAME}: unknown check: ${unknown.join(', ')}`);
  process.exit(2);
}

const env = process.env;
const isSet = (name) => Boolean(env[name] && env[name].trim());
const forTests = /^test/.test(env.npm_lifecycle_event ?? '') || env.NODE_ENV === 'test';

function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(program) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutableFile(join(dir, program))) return join(dir, program);
  }
  return null;
}

/** A /usr/lib/postgresql/<N>/bin with the server and its dump and restore programs (Debian's layout). */
function postgresWithClient() {
  let versions;
  try {
    versions = readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name));
  } catch {
    return false;
  }
  return versions.some((major) =>
    ['initdb', 'postgres', 'pg_dump', 'pg_restore'].every((tool) => isExecutableFile(join('/usr/lib/postgresql', major, 'bin', tool))),
  );
}

function fcListArabic() {
  const result = spawnSync('fc-list', [':lang=ar', 'family'], { encoding: 'utf8' });
  if (result.error) return null; // no fontconfig
  return result.status === 0 && result.stdout.trim() !== '';
}

/** Each check: whether it applies, whether it is satisfied, and how to satisfy it. */
const CHECKS = {
  redis: {
    skipped: () => isSet('REDIS_URL') || (forTests && isSet('TEST_REDIS_URL')),
    present: () => onPath('redis-server') !== null,
    what: 'redis-server',
    why: `${forTests ? 'TEST_REDIS_URL' : 'REDIS_URL'} is not set, so a private Redis server is started`,
    apt: ['redis-server'],
    brew: ['redis'],
    manual:
      'Install Redis (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends redis-server; macOS: brew install redis), ' +
      `or set ${forTests ? 'TEST_REDIS_URL' : 'REDIS_URL'} to an existing Redis server (for example redis://:password@host:6379).`,
  },
  chromium: {
    skipped: () => false,
    present: () => {
      if (isSet('CHROMIUM_PATH')) {
        if (isExecutableFile(env.CHROMIUM_PATH)) return true;
        fail(`CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which is not an executable file. Fix or unset it.`);
      }
      return isExecutableFile('/usr/bin/chromium') || onPath('chromium') !== null;
    },
    what: 'Chromium',
    why: 'the browser tests drive a headless Chromium',
    apt: ['chromium'],
    brew: null,
    manual:
      'Install Chromium (Debian: sudo apt-get install -y --no-install-recommends chromium; macOS: download Chromium or use Google Chrome), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable ' +
      '(for example CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome").',
  },
  poppler: {
    skipped: () => false,
    present: () => onPath('pdftotext') !== null,
    what: 'pdftotext (poppler-utils)',
    why: 'the PDF tests read the Arabic text of the impact reports back out of the generated files',
    apt: ['poppler-utils'],
    brew: ['poppler'],
    manual: 'Install poppler (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends poppler-utils; macOS: brew install poppler).',
  },
  postgres: {
    skipped: () => false,
    present: postgresWithClient,
    what: 'a PostgreSQL server with pg_dump and pg_restore (/usr/lib/postgresql/<N>/bin)',
    why: 'the backup and restore test dumps a private PostgreSQL of the same major version as the pg_dump it finds',
    // Debian's own version (15 on Debian 12), server and client programs together.
    apt: ['postgresql', 'postgresql-client'],
    brew: null,
    manual:
      'Install PostgreSQL with its client programs (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends postgresql postgresql-client).',
  },
  caddy: {
    skipped: () => false,
    present: () => onPath('caddy') !== null,
    what: 'Caddy',
    why: "the production-shape tests put the repository's Caddyfile (HTTPS, X-Forwarded-For) in front of the api",
    apt: ['caddy'],
    brew: ['caddy'],
    manual: 'Install Caddy 2.6 or newer (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends caddy; macOS: brew install caddy).',
  },
  fonts: {
    skipped: () => false,
    // macOS ships Arabic fonts and usually has no fontconfig.
    present: () => fcListArabic() ?? process.platform === 'darwin',
    what: 'a font with Arabic letters (and fontconfig)',
    why: 'pages in Arabic are rendered in the browser tests and need an Arabic font',
    apt: ['fonts-noto-core', 'fontconfig'],
    brew: null,
    manual:
      'Install fontconfig and a font with Arabic letters (Debian/Ubuntu: sudo apt-get install -y --no-install-recommends fonts-noto-core fontconfig).',
  },
};

function fail(message) {
  console.error(`${NAME}: ${message}`);
  process.exit(1);
}

function missingChecks() {
  return [...new Set(requested)].filter((name) => !CHECKS[name].skipped() && !CHECKS[name].present());
}

function run(cmd, args, extraEnv = {}) {
  console.log(`${NAME}: $ ${[cmd, ...args].join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status === 0;
}

function explainAndFail(missing, intro) {
  const lines = [intro];
  for (const name of missing) lines.push(`  - ${CHECKS[name].what}: needed because ${CHECKS[name].why}.`, `    ${CHECKS[name].manual}`);
  fail(lines.join('\n'));
}

function debPackageInstalled(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function installWithApt(missing) {
  const plan = missing.map((name) => ({ name, packages: CHECKS[name].apt.filter((pkg) => !debPackageInstalled(pkg)) }));
  const installedYetMissing = plan.filter((step) => step.packages.length === 0).map((step) => step.name);
  if (installedYetMissing.length) {
    explainAndFail(installedYetMissing, 'These Debian packages are installed, yet the program is not found (check PATH):');
  }
  for (const step of plan) console.log(`${NAME}: installing ${step.packages.join(' ')} - ${CHECKS[step.name].why}.`);
  const packages = [...new Set(plan.flatMap((step) => step.packages))];
  const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', ['update'], aptEnv)) explainAndFail(missing, 'apt-get update failed. Install these yourself:');
  if (!run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], aptEnv)) {
    const ubuntuHint = missing.includes('chromium')
      ? '\n(On Ubuntu, Chromium is only packaged as a snap: install it with snap, or Google Chrome, and set CHROMIUM_PATH.)'
      : '';
    explainAndFail(missing, `apt-get install ${packages.join(' ')} failed. Install these yourself:${ubuntuHint}`);
  }
}

function installWithBrew(missing) {
  const unsupported = missing.filter((name) => !CHECKS[name].brew);
  if (unsupported.length) explainAndFail(unsupported, 'Missing on this Mac:');
  for (const name of missing) {
    console.log(`${NAME}: installing ${CHECKS[name].brew.join(' ')} with Homebrew - ${CHECKS[name].why}.`);
    if (!run('brew', ['install', ...CHECKS[name].brew])) explainAndFail([name], 'brew install failed. Install it yourself:');
  }
}

const missing = missingChecks();
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = process.platform === 'linux' && onPath('apt-get') !== null && existsSync('/etc/debian_version');

if (hasApt && isRoot) {
  installWithApt(missing);
} else if (process.platform === 'darwin' && onPath('brew') !== null) {
  installWithBrew(missing);
} else if (hasApt) {
  explainAndFail(missing, 'Missing system programs (this is not root, so they cannot be installed automatically):');
} else {
  explainAndFail(missing, 'Missing system programs (no supported package manager to install them automatically):');
}

const stillMissing = missingChecks();
if (stillMissing.length) explainAndFail(stillMissing, 'Still missing after installing:');
console.log(`${NAME}: done.`);

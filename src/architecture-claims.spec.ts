import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// ARCHITECTURE.md's checkable claims, kept true by tests (as module-graph.spec.ts and controllers-shape.spec.ts
// keep theirs): each check reads the files and asserts, and each is also run on a small broken sample, so
// it can fail.

const ROOT = process.cwd();
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.data', '.tools', 'test-results', 'coverage']);
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Every file of the working tree (built output and installed packages aside), relative to the root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const FILES = filesUnder('');
const DOC = read('ARCHITECTURE.md');

/** The text of one numbered section (`## 4. …`, `## 4a. …`) up to the next one. */
function section(doc: string, number: string): string {
  const start = doc.search(new RegExp(`^## ${number}\\. `, 'm'));
  if (start < 0) return '';
  const end = doc.slice(start + 3).search(/^## /m);
  return end < 0 ? doc.slice(start) : doc.slice(start, start + 3 + end);
}

// ── Every path the document names exists ──────────────────────────────────────────────────────────────

const ROOTED = /^(src|test|admin-ui|public-ui|scripts|docs)\//;
const SOURCE_FILE = /^[\w@-][\w@.-]*(\/[\w@.-]+)*\.(ts|tsx|mjs|css)$/;

/** The inline code spans of a Markdown text (fenced blocks left out). */
function codeSpans(markdown: string): string[] {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('`')
    .filter((_, i) => i % 2 === 1);
}

/**
 * The named paths that do not exist: one rooted at a project folder (`src/…`, `admin-ui/…`; a `*` matches
 * within a name) must be a file or folder; a relative source file (`outbox/retry-policy.ts`) must end the
 * path of some file. Patterns (`<module>.entities.ts`, `{code}`) and built output (`…/dist/…`) are not paths.
 */
export function missingPaths(markdown: string, files: readonly string[]): string[] {
  const exists = (test: (file: string) => boolean) => files.some(test);
  const tokens = [...new Set(codeSpans(markdown))].filter((token) => !/[\s<>{}]/.test(token) && !token.includes('/dist/'));
  return tokens.filter((token) => {
    if (ROOTED.test(token)) {
      const path = token.replace(/\/$/, '');
      const pattern = new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/|$)`);
      return !exists((file) => pattern.test(file));
    }
    return SOURCE_FILE.test(token) && !exists((file) => file === token || file.endsWith(`/${token}`));
  });
}

describe('the paths ARCHITECTURE.md names', () => {
  it('all exist', () => {
    expect(codeSpans(DOC).length).toBeGreaterThan(500);
    expect(missingPaths(DOC, FILES)).toEqual([]);
  });

  it('finds a path that does not exist (the check itself)', () => {
    const files = ['src/modules/messaging/outbox/retry-policy.ts', 'test/integration/production-shape-two.int-spec.ts'];
    const text = [
      '`src/modules/messaging/outbox/retry-policy.ts` `outbox/retry-policy.ts` `src/modules/messaging/` ok,',
      '`test/integration/production-shape*.int-spec.ts` `<module>.entities.ts` `public-ui/dist/pages/*.html` ok,',
      '`node dist/src/migrate.js` `/api/health` `text/plain` `DataSource` not paths,',
      '`src/modules/messaging/outbox/retry.ts` `outbox/gone.ts` `test/e2e/*.e2e-spec.ts` `docs/` missing.',
    ].join('\n');
    expect(missingPaths(text, files)).toEqual([
      'src/modules/messaging/outbox/retry.ts',
      'outbox/gone.ts',
      'test/e2e/*.e2e-spec.ts',
      'docs/',
    ]);
  });
});

// ── Section numbers: one each, and every "§N" names one ──────────────────────────────────────────────

/** Headings without a number or with a taken one, and references (`§4a`) to no section. */
export function sectionProblems(doc: string, references: [where: string, section: string][]): string[] {
  const numbers = [...doc.matchAll(/^## (.*)$/gm)].map(([, heading]) => /^(\d+[a-z]?)\. /.exec(heading)?.[1] ?? `unnumbered: ${heading}`);
  return [
    ...numbers.filter((n, i) => n.startsWith('unnumbered') || numbers.indexOf(n) !== i).map((n) => `heading ${n}`),
    ...references.filter(([, n]) => !numbers.includes(n)).map(([where, n]) => `${where} names §${n}`),
  ];
}

describe("ARCHITECTURE.md's sections", () => {
  it('are numbered once each, and every reference to one, in the document or the code, names one', () => {
    const inDoc = [...DOC.matchAll(/§(\d+[a-z]?)/g)].map(([, n]) => ['ARCHITECTURE.md', n] as [string, string]);
    const inCode = FILES.filter((file) =>
      /^(src|admin-ui|public-ui|test|scripts)\/.*\.(ts|tsx|mjs)$|^README\.md$|^eslint\.config\.mjs$/.test(file),
    ).flatMap((file) => [...read(file).matchAll(/ARCHITECTURE(?:\.md)?,? §\s?(\d+[a-z]?)/g)].map(([, n]) => [file, n] as [string, string]));
    expect(inCode.length).toBeGreaterThan(5);
    expect(sectionProblems(DOC, [...inDoc, ...inCode])).toEqual([]);
  });

  it('finds a missing, repeated or unnumbered section (the check itself)', () => {
    const doc = '# T\n## 1. One\n## 2. Two\n## Edge\n## 2. Again\n';
    expect(
      sectionProblems(doc, [
        ['a.ts', '2'],
        ['b.ts', '4a'],
      ]),
    ).toEqual(['heading unnumbered: Edge', 'heading 2', 'b.ts names §4a']);
  });
});

// ── §7: every service with a rule has a service spec ─────────────────────────────────────────────────

/** The services without `*.service.spec.ts` beside them, each with why (the tests that hold its behaviour). */
const WITHOUT_SPEC: Record<string, string> = {
  'src/modules/api-docs/api-docs.service.ts': 'keeps the built document, no rule; test/integration/openapi.int-spec.ts checks the document',
  'src/modules/monitoring/metrics.service.ts': 'its one rule is the bearer check at the HTTP edge: test/integration/metrics.int-spec.ts',
};

/** Services with neither a spec nor a reason, and reasons for services that have a spec or are gone. */
export function serviceSpecProblems(files: readonly string[], exempt: Record<string, string>): string[] {
  const services = files.filter((file) => file.endsWith('.service.ts'));
  const untested = services.filter((file) => !files.includes(file.replace(/\.ts$/, '.spec.ts')));
  return [
    ...untested.filter((file) => !exempt[file]).map((file) => `${file} has no service spec`),
    ...Object.keys(exempt)
      .filter((file) => !untested.includes(file))
      .map((file) => `${file} is excused but has a spec or is gone`),
  ];
}

describe('the service specs', () => {
  it('one beside every service, the excused ones aside', () => {
    expect(FILES.filter((file) => file.endsWith('.service.spec.ts')).length).toBeGreaterThan(40);
    expect(serviceSpecProblems(FILES, WITHOUT_SPEC)).toEqual([]);
  });

  it('finds a service without a spec, and a stale excuse (the check itself)', () => {
    const files = ['a/x.service.ts', 'a/x.service.spec.ts', 'b/y.service.ts', 'c/z.service.ts'];
    expect(serviceSpecProblems(files, { 'c/z.service.ts': 'why', 'a/x.service.ts': 'why' })).toEqual([
      'b/y.service.ts has no service spec',
      'a/x.service.ts is excused but has a spec or is gone',
    ]);
  });
});

// ── §3: no __dirname, require or import.meta in src ──────────────────────────────────────────────────

/** The logger's optional pino-pretty, absent from the production image. */
const REQUIRE_ALLOWED = ['src/common/logging/logger.ts'];

export function moduleSystemProblems(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    const found = [...code.matchAll(/\b__dirname\b|\b__filename\b|(?<![\w.])require\s*\(|\bimport\.meta\b/g)].map(([m]) =>
      m.replace(/\s*\($/, ''),
    );
    return found.filter((m) => !(m === 'require' && REQUIRE_ALLOWED.includes(path))).map((m) => `${path}: ${m}`);
  });
}

describe('the module system of src', () => {
  it('uses no __dirname, require or import.meta (the logger aside)', () => {
    // This file aside: its samples spell them out.
    const sources = FILES.filter((file) => /^src\/.*\.ts$/.test(file) && file !== 'src/architecture-claims.spec.ts').map((path) => ({
      path,
      text: read(path),
    }));
    expect(sources.length).toBeGreaterThan(300);
    expect(moduleSystemProblems(sources)).toEqual([]);
  });

  it('finds each of them in code, not in comments (the check itself)', () => {
    const text = "// no __dirname here\n/* require('x') */\nconst a = __dirname;\nconst b = require ('x');\nconst c = import.meta.url;";
    expect(moduleSystemProblems([{ path: 'src/x.ts', text }])).toEqual([
      'src/x.ts: __dirname',
      'src/x.ts: require',
      'src/x.ts: import.meta',
    ]);
    expect(moduleSystemProblems([{ path: 'src/common/logging/logger.ts', text: "require('pino-pretty')" }])).toEqual([]);
  });
});

// ── §7: the Arabic walk opens every admin screen ─────────────────────────────────────────────────────

/** Admin routes the walk does not open, each with why. */
const NOT_WALKED: Record<string, string> = {
  '/login': 'before a session; the light login page has its own tests (admin-login-real.e2e-spec.ts)',
  '/password-reset': 'before a session, like the login',
  '/auto-response-management': "the spec's second address of /whatsapp-auto-response, the same page",
  '/stickers': "reached through the spec's /sticker-management, which forwards to it",
};

export function unwalkedRoutes(routes: string[], screens: string[], excused: Record<string, string>): string[] {
  return routes.filter((route) => !excused[route] && !screens.includes(`/admin${route}`));
}

describe("the Arabic walk's list of admin screens", () => {
  it('holds every admin route', () => {
    const routes = [...read('admin-ui/src/routes.ts').matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map(([, path]) => path);
    const screens = [...read('test/e2e/admin-arabic-walk.e2e-spec.ts').matchAll(/\{ path: '([^']+)'/g)].map(([, path]) => path);
    expect(routes.length).toBeGreaterThan(15);
    expect(unwalkedRoutes(routes, screens, NOT_WALKED)).toEqual([]);
    expect(Object.keys(NOT_WALKED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('finds a route the walk misses (the check itself)', () => {
    expect(unwalkedRoutes(['/a', '/b', '/login'], ['/admin/a'], { '/login': 'why' })).toEqual(['/b']);
  });
});

// ── §4 and §8: the named rate limits ─────────────────────────────────────────────────────────────────

/** The names not written as code in a section's text. */
export function unnamed(text: string, names: string[]): string[] {
  return names.filter((name) => !text.includes(`\`${name}\``));
}

describe('the named rate limits', () => {
  const decorator = read('src/common/rate-limit/rate-limit.decorator.ts');
  const quoted = (text: string | undefined) => [...(text ?? '').matchAll(/'(\w+)'/g)].map(([, name]) => name);
  const names = quoted(/type RateLimitName =([^;]+);/.exec(decorator)?.[1]);

  it('are all named in §4 (how a call flows) and §8 (decisions)', () => {
    expect(names.length).toBeGreaterThan(5);
    expect(quoted(/PRE_PARSE_LIMITS[^=]*= new Set\(\[([^\]]+)\]/.exec(decorator)?.[1]).every((name) => names.includes(name))).toBe(true);
    expect(unnamed(section(DOC, '4'), names)).toEqual([]);
    expect(unnamed(section(DOC, '8'), names)).toEqual([]);
  });

  it('finds a limit left out (the check itself)', () => {
    expect(unnamed('(`requests`, `auth`, verify)', ['requests', 'auth', 'verify'])).toEqual(['verify']);
  });
});

// ── The figures the document states, against the constants that set them ────────────────────────────

interface Figure {
  what: string;
  /** Every match's first group is the figure as the document writes it. */
  doc: RegExp;
  code: [file: string, pattern: RegExp];
  /** What the code's value is divided by to read as the document writes it (ms → s: 1000). */
  unit?: number;
}

const FIGURES: Figure[] = [
  { what: 'public script budget', doc: /home page's scripts ≤ (\d+) KB/g, code: ['test/e2e/download-budget.e2e-spec.ts', /public: (\d+)/] },
  { what: 'login script budget', doc: /admin login's ≤ (\d+) KB/g, code: ['test/e2e/download-budget.e2e-spec.ts', /login: (\d+)/] },
  { what: 'admin script budget', doc: /opened signed in ≤ (\d+) KB/g, code: ['test/e2e/download-budget.e2e-spec.ts', /admin: (\d+)/] },
  {
    what: 'small body limit',
    doc: /announced body over (\d+) KB/g,
    code: ['src/common/http/body-guard.ts', /SMALL_BODY_LIMIT = ([\d_ *]+);/],
    unit: 1024,
  },
  {
    what: 'body depth',
    doc: /(?:deeper than|nested past) (\d+) levels/g,
    code: ['src/common/http/body-guard.ts', /MAX_BODY_DEPTH = (\d+)/],
  },
  {
    what: 'session life',
    doc: /not past (\d+) hours/g,
    code: ['src/modules/security/session/session.constants.ts', /SESSION_MAX_MS = ([\d_ *]+);/],
    unit: 3_600_000,
  },
  {
    what: 'jobs added one by one',
    doc: /up to (\d+) jobs are added one by one/g,
    code: ['src/modules/messaging/outbox/outbox.service.ts', /SMALL_BATCH = (\d+)/],
  },
  {
    what: 'breaker failures',
    doc: /`OUTBOX_BREAKER_FAILURES` \((\d+)\)/g,
    code: ['src/config/app-config.ts', /'OUTBOX_BREAKER_FAILURES', (\d+)/],
  },
  {
    what: 'rate margin',
    doc: /`WHATSAPP_RATE_MARGIN_MS`\s+\((\d+) ms/g,
    code: ['src/config/app-config.ts', /'WHATSAPP_RATE_MARGIN_MS', (\d+)/],
  },
  {
    what: 'worker file beat',
    doc: /`DATA_DIR\/worker-heartbeat` every (\d+) s/g,
    code: ['src/worker.ts', /HEARTBEAT_EVERY_MS = ([\d_]+)/],
    unit: 1000,
  },
  {
    what: 'worker row beat',
    doc: /stamps `worker_heartbeats` every (\d+) s/g,
    code: ['src/modules/messaging/jobs/worker-heartbeat.ts', /HEARTBEAT_EVERY_MS = ([\d_]+)/],
    unit: 1000,
  },
  {
    what: 'worker down',
    doc: /worker down after (\d+) s/g,
    code: ['src/modules/messaging/jobs/worker-heartbeat.ts', /HEARTBEAT_STALE_SECONDS = (\d+)/],
  },
  {
    what: 'delivery lagging',
    doc: /has waited over (\d+) minutes/g,
    code: ['src/modules/messaging/jobs/delivery-health.ts', /LAG_WARNING_SECONDS = (\d+)/],
    unit: 60,
  },
];

/** `64 * 1024`, `10_000` → the number. */
const evaluate = (expression: string): number =>
  expression.split('*').reduce((product, factor) => product * Number(factor.replace(/[_\s]/g, '')), 1);

/** A figure the document writes otherwise than the code sets it, or no longer writes where the pattern looks. */
export function figureProblems(figures: Figure[], doc: string, readCode: (file: string) => string): string[] {
  return figures.flatMap(({ what, doc: pattern, code: [file, codePattern], unit = 1 }) => {
    const raw = codePattern.exec(readCode(file))?.[1];
    if (raw === undefined) return [`${what}: not found in ${file}`];
    const value = evaluate(raw) / unit;
    const written = [...doc.matchAll(pattern)].map(([, figure]) => Number(figure));
    if (!written.length) return [`${what}: not found in the document`];
    return written.filter((figure) => figure !== value).map((figure) => `${what}: the document says ${figure}, ${file} ${value}`);
  });
}

describe('the figures ARCHITECTURE.md states', () => {
  it('are the ones the code sets', () => {
    expect(figureProblems(FIGURES, DOC, read)).toEqual([]);
  });

  it('finds a figure written otherwise, or gone (the check itself)', () => {
    const figures: Figure[] = [
      { what: 'login', doc: /login's ≤ (\d+) KB/g, code: ['budget.ts', /login: (\d+)/] },
      { what: 'beat', doc: /every (\d+) s/g, code: ['beat.ts', /EVERY_MS = ([\d_ *]+);/], unit: 1000 },
      { what: 'gone', doc: /lagging after (\d+) minutes/g, code: ['beat.ts', /EVERY_MS = ([\d_ *]+);/] },
    ];
    const code: Record<string, string> = { 'budget.ts': '{ login: 130 }', 'beat.ts': 'const EVERY_MS = 2 * 5_000;' };
    expect(figureProblems(figures, "the login's ≤ 160 KB; a beat every 10 s", (file) => code[file])).toEqual([
      'login: the document says 160, budget.ts 130',
      'gone: not found in the document',
    ]);
  });
});

// ── §4a: lint keeps the data access in the repositories ──────────────────────────────────────────────

/** What §4a says lint refuses in a module's file that is not a repository. */
const DATA_ACCESS = [
  "import { DataSource } from 'typeorm';",
  "import { EntityManager } from 'typeorm';",
  "import { InjectDataSource } from '@nestjs/typeorm';",
  "import { InjectRepository } from '@nestjs/typeorm';",
  "import { managerOf } from '../../database/db-scope';",
  "import { scopeOf } from '../../database/db-scope';",
  "import { preparedQuery } from '../../database/prepared';",
  "import { FastInsert } from '../../database/fast-insert';",
  "export const read = (db: { query(sql: string): unknown }) => db.query('SELECT 1');",
];
const SEEDS = "import { CONTENT } from '../../database/seeds/data/content';";

describe('lint on data access (eslint.config.mjs)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const refused = async (line: string, filePath: string) =>
    (await eslint.lintText(`${line}\n`, { filePath }))[0].messages.some((m) => /^no-restricted-(imports|syntax)$/.test(m.ruleId ?? ''));

  it('refuses each of them in a module file that is not a repository, and seeds everywhere in a module', async () => {
    for (const line of [...DATA_ACCESS, SEEDS])
      expect([line, await refused(line, 'src/modules/example/example.service.ts')]).toEqual([line, true]);
  });

  it('lets a repository use them (the check can pass), though not the seeds', async () => {
    for (const line of DATA_ACCESS) expect([line, await refused(line, 'src/modules/example/example.repository.ts')]).toEqual([line, false]);
    expect(await refused(SEEDS, 'src/modules/example/example.repository.ts')).toBe(true);
  });
});

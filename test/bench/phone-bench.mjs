#!/usr/bin/env node
// What a visitor on a slow phone sees, and when: the built app in Debian's Chromium with Lighthouse's
// mobile settings (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4x slower, a 412 x 823 screen at
// 1.75x), every load in a fresh browser context (cold cache, new connections). Per page it prints the
// median of BENCH_LOADS loads: when the page's heading (its h1) is first painted (Element Timing), the first contentful
// and the largest contentful paint, and the bytes and requests the page costs until the network is idle.
// Targets (issue 23): home heading <= 1.2 s, the other public pages <= 1.5 s, the admin login <= 2.5 s.
//
//   npm run bench:phone                 (builds what is stale first)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   BENCH_REDIS_URL=redis://127.0.0.1:6379/0
//   BENCH_LOADS=3                        cold loads per page (the median is reported)
//   BENCH_PAGES="home,admin login"       only these pages (names as printed)
//   BENCH_BASELINE_REF=<git ref>         also builds the public site of that commit and serves it from a
//                                        second server, loads alternating, so before and after share the run
//   CHROMIUM_PATH=/usr/bin/chromium
/* global document, MutationObserver -- read inside the page (page.evaluate, addInitScript) */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, median, print, scratchDatabase, waitForHttp } from './bench-support.mjs';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const BASELINE_REF = process.env.BENCH_BASELINE_REF;

/** Lighthouse's mobile throttling (its "slow 4G" and CPU settings), applied through the DevTools protocol. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const DEVICE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const ALL_PAGES = [
  { name: 'home', path: '/', target: 1200 },
  { name: 'about', path: '/about', target: 1500 },
  { name: 'contact', path: '/contact', target: 1500 },
  { name: 'privacy', path: '/privacy-policy', target: 1500 },
  { name: 'terms', path: '/terms-of-service', target: 1500 },
  { name: 'governance', path: '/governance', target: 1500 },
  { name: 'admin login', path: '/admin/login', target: 2500 },
];
const ONLY = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const PAGES = ONLY ? ALL_PAGES.filter((p) => ONLY.includes(p.name)) : ALL_PAGES;

/** Builds the public site of an older commit into a scratch folder (its own sources, this checkout's packages). */
function buildBaseline(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-phone-baseline-'));
  print(`building the public site of ${ref} for the baseline …`);
  const archive = execFileSync('git', [
    'archive',
    '--format=tar',
    ref,
    'public-ui',
    'src/shared',
    'scripts',
    'tsconfig.json',
    'package.json',
  ]);
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  execFileSync(resolve('node_modules/.bin/vite'), ['build', '--config', join(dir, 'public-ui/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: dir,
    stdio: 'inherit',
  });
  return { dir, publicUiDir: join(dir, 'public-ui/dist') };
}

async function startApp(label, databaseUrl, publicUiDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-phone-'));
  const child = spawn(process.execPath, [resolve('dist/src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: `bench-phone-${label}-${Date.now()}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'warn',
      ...(publicUiDir ? { PUBLIC_UI_DIR: publicUiDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/health`, child);
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One cold load: a fresh context, throttled, then the paint timings the page recorded and what it cost. */
async function load(browser, url) {
  const context = await browser.newContext({ ...DEVICE, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => (requests += 1));
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  // Every h1 carries `elementtiming` from the moment it is in the document (a mutation observer runs
  // before the next paint), so Chromium reports the heading's own first paint, however small it is
  // beside a larger paragraph that the largest contentful paint would name instead.
  await page.addInitScript(() => {
    const mark = () => {
      for (const h1 of document.querySelectorAll('h1:not([elementtiming])')) h1.setAttribute('elementtiming', 'page-heading');
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // The heading's first paint: the earliest element-timing entry of an h1 (the browser keeps paint
  // entries, so they can be read after the load; a slow page may still be rendering when the network
  // goes quiet, so this waits for its first paint entries).
  const timings = await page.evaluate(
    () =>
      new Promise((done) => {
        const candidates = [];
        const headings = [];
        const observer = new PerformanceObserver((list) => candidates.push(...list.getEntries()));
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        const elements = new PerformanceObserver((list) => headings.push(...list.getEntries()));
        elements.observe({ type: 'element', buffered: true });
        const started = performance.now();
        const finish = () => {
          if ((candidates.length === 0 || headings.length === 0) && performance.now() - started < 20_000) return setTimeout(finish, 250);
          setTimeout(() => {
            observer.disconnect();
            elements.disconnect();
            const painted = headings.filter((e) => e.identifier === 'page-heading').map((e) => e.renderTime || e.loadTime);
            const lcp = candidates.at(-1);
            const name = (el) => (el ? `${el.tagName.toLowerCase()}${el.classList[0] ? '.' + el.classList[0] : ''}` : null);
            done({
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
              lcp: lcp?.startTime ?? null,
              lcpElement: name(lcp?.element),
              heading: painted.length ? Math.min(...painted) : null,
            });
          }, 500);
        };
        finish();
      }),
  );
  await context.close();
  return { ...timings, bytes, requests };
}

const ms = (v) => (v === null || v === undefined ? '—' : `${Math.round(v)}`);
const kb = (v) => `${(v / 1024).toFixed(0)} KB`;

function summarize(runs) {
  const pick = (key) => {
    const values = runs.map((r) => r[key]).filter((v) => v !== null);
    return values.length === runs.length ? median(values) : null;
  };
  return {
    heading: pick('heading'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    bytes: median(runs.map((r) => r.bytes)),
    requests: median(runs.map((r) => r.requests)),
    lcpElement: runs.at(-1)?.lcpElement,
  };
}

/** The figure compared against the target: the heading's first paint, else the largest contentful paint. */
const figure = (s) => s.heading ?? s.lcp;

async function main() {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  const baselineBuild = BASELINE_REF ? buildBaseline(BASELINE_REF) : null;
  const db = await scratchDatabase('bench_phone');
  const apps = [];
  let browser;
  let failed = false;
  try {
    const current = await startApp('current', db.url);
    apps.push(current);
    // The second server waits for the first to create the schema.
    const baseline = baselineBuild ? await startApp('baseline', db.url, baselineBuild.publicUiDir) : null;
    if (baseline) apps.push(baseline);
    const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    // One unthrottled load of each page first, so no server-side first-time cost lands in a figure.
    for (const app of apps) for (const p of PAGES) await fetch(app.base + p.path).then((r) => r.arrayBuffer());

    print(
      `phone loads: ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}x, ${DEVICE.viewport.width}x${DEVICE.viewport.height} @${DEVICE.deviceScaleFactor}, cold cache; median of ${LOADS}`,
    );
    print(`heading = first paint of the page's h1 (Element Timing); all times in ms from navigation start`);
    const header = baseline
      ? '| page | target | heading | FCP | LCP | bytes | requests | baseline heading | baseline LCP | baseline bytes | baseline requests | ok |'
      : '| page | target | heading | FCP | LCP (element) | bytes | requests | ok |';
    print(header);
    print(header.replace(/[^|]+/g, '---'));
    for (const p of PAGES) {
      const runs = { current: [], baseline: [] };
      for (let i = 0; i < LOADS; i++) {
        runs.current.push(await load(browser, current.base + p.path));
        if (baseline) runs.baseline.push(await load(browser, baseline.base + p.path));
      }
      const now = summarize(runs.current);
      const ok = figure(now) !== null && figure(now) <= p.target;
      if (!ok) failed = true;
      if (baseline) {
        const before = summarize(runs.baseline);
        print(
          `| ${p.name} | ≤ ${p.target} | ${ms(now.heading)} | ${ms(now.fcp)} | ${ms(now.lcp)} | ${kb(now.bytes)} | ${now.requests} | ${ms(before.heading)} | ${ms(before.lcp)} | ${kb(before.bytes)} | ${before.requests} | ${ok ? 'yes' : 'NO'} |`,
        );
      } else {
        print(
          `| ${p.name} | ≤ ${p.target} | ${ms(now.heading)} | ${ms(now.fcp)} | ${ms(now.lcp)} (${now.lcpElement ?? '—'}) | ${kb(now.bytes)} | ${now.requests} | ${ok ? 'yes' : 'NO'} |`,
        );
      }
    }
    print(failed ? 'FAIL: a page missed its target' : 'ok: every page within its target');
  } finally {
    await browser?.close();
    for (const app of apps.reverse()) await app.stop();
    await db.drop();
    if (baselineBuild) rmSync(baselineBuild.dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

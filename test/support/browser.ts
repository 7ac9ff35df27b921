import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';

/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, with nothing that would reach the internet.
 * Every context (and `browser.newPage()`'s own) counts the requests its pages have in flight, so a test
 * can wait for a screen to be quiet (`quiet`) on that cause rather than on a pause.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: install the chromium package or set CHROMIUM_PATH');
  const browser = await chromium.launch({
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
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    track(context);
    return context;
  };
  // As Playwright's own: a context of the page's own, closed with it.
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** What a screen waits on before it has settled: documents, scripts, styles and the API calls. */
const LOADS = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr', 'eventsource']);

interface InFlight {
  requests: Set<Request>;
  waiters: Set<() => void>;
}
const inFlight = new WeakMap<BrowserContext, InFlight>();

function track(context: BrowserContext): void {
  const state: InFlight = { requests: new Set(), waiters: new Set() };
  inFlight.set(context, state);
  context.on('request', (request) => {
    if (LOADS.has(request.resourceType())) state.requests.add(request);
  });
  const done = (request: Request) => {
    if (!state.requests.delete(request) || state.requests.size) return;
    for (const wake of state.waiters) wake();
    state.waiters.clear();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * Waits until the page has nothing loading — no document, script, style or API call in flight, the
 * fonts ready, its finite transitions over, the page's own work done (two idle callbacks) — and still
 * nothing after that (a request that a render or an effect started).
 * The cause-based stand-in for Playwright's `networkidle`, which always waits half a second more.
 */
export async function quiet(page: Page, timeoutMs = 20_000): Promise<void> {
  const state = inFlight.get(page.context());
  if (!state) throw new Error('quiet(): the page was not opened from launchChromium()');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (state.requests.size) {
      const left = deadline - Date.now();
      const settled = await new Promise<boolean>((resolve) => {
        const wake = () => (clearTimeout(timer), resolve(true));
        const timer = setTimeout(() => (state.waiters.delete(wake), resolve(false)), Math.max(0, left));
        state.waiters.add(wake);
      });
      if (!settled) {
        const pending = [...state.requests].map((r) => `${r.method()} ${r.url()}`);
        throw new Error(`the page at ${page.url()} was still loading after ${timeoutMs} ms: ${pending.join(', ')}`);
      }
    }
    // Transitions that end (a dialog fading in) finish — never the endless ones of a spinner —, then idle
    // callbacks run only once the page's own tasks (a render, an effect that starts a load) are done.
    // (Each wait has a ceiling, so a page that is never idle — a chart redrawn every frame — cannot hang it.)
    await page.evaluate(async () => {
      const atMost = (ms: number, promise: Promise<unknown>) => Promise.race([promise, new Promise((r) => setTimeout(r, ms))]);
      await atMost(2_000, document.fonts.ready);
      const ending = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      await atMost(2_000, Promise.all(ending.map((a) => a.finished.catch(() => undefined))));
      const idle = () => new Promise((r) => requestIdleCallback(r, { timeout: 1_000 }));
      await idle();
      await idle();
    });
    if (!state.requests.size) return;
  }
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Saves a full-page screenshot under test-results/screenshots/ (kept by CI for people to look at). */
/** A screenshot of one element (a card) under test-results/screenshots. */
export async function screenshotOf(element: Locator, name: string): Promise<string> {
  const dir = resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await element.screenshot({ path });
  return path;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Opens `path` in `page` holding an administrator's session, stored as the admin app stores it after its
 * login, before the app's first script runs: one load of the app, not a login page first.
 */
export async function openSignedIn(page: Page, base: string, session: { token: string; username: string }, path: string): Promise<Page> {
  await page.addInitScript(
    ([token, username, expiry]) => {
      // Once per tab: after a logout, a reload finds what the app left, not the session again.
      if (sessionStorage.getItem('e2e-session-stored')) return;
      sessionStorage.setItem('e2e-session-stored', '1');
      localStorage.setItem('adminToken', token);
      localStorage.setItem('adminUser', JSON.stringify({ username, role: 'admin' }));
      localStorage.setItem('tokenExpiry', expiry);
    },
    [session.token, session.username, new Date(Date.now() + 3_600_000).toISOString()] as const,
  );
  await page.goto(base + path);
  await quiet(page);
  return page;
}

/**
 * A page already signed in as an administrator (the session the admin app would have stored after its
 * login), opened at `path`.
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  session: { token: string; username: string },
  viewport: { width: number; height: number },
  path: string,
): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  return openSignedIn(page, base, session, path);
}

/** Waits until every CSS transition and animation (a dialog fading in) has finished. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Waits until the table's rows are exactly these, in this order (each row holding its text). */
export async function expectRows(page: Page, names: string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => {
        const rows = [...document.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
        return rows.length === expected.length && expected.every((n, i) => rows[i].includes(n));
      },
      names,
      { timeout: 10_000 },
    );
  } catch (error) {
    // Say what the table showed instead, and where the list was.
    const rows = await page.locator('tbody tr').allInnerTexts();
    throw new Error(`expected rows ${JSON.stringify(names)} at ${page.url()}, saw ${JSON.stringify(rows)}`, { cause: error });
  }
}

/**
 * Keeps every toast text the page shows (window.__toastsSeen), from the next navigation on, so a test
 * can check a toast that a busy machine may have shown and hidden between two looks.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.MuiSnackbarContent-message')) {
        const text = toast.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until a toast holding this text has been shown (see recordToasts); says which were shown if none. */
export async function expectToastSeen(page: Page, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) => ((window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []).some((t) => t.includes(wanted)),
      text,
      { timeout: 15_000 },
    );
  } catch (error) {
    const seen = await page.evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? null);
    throw new Error(`no toast «${text}» at ${page.url()}; toasts shown: ${JSON.stringify(seen)}`, { cause: error });
  }
}

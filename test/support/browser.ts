import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, with nothing that would reach the internet.
 * Playwright gives each launch a fresh, empty profile of its own.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: install the chromium package or set CHROMIUM_PATH');
  return chromium.launch({
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
  await page.goto(base + path, { waitUntil: 'networkidle' });
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

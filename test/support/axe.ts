import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

let source: string | undefined;
const axeSource = () => (source ??= readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8'));

/**
 * Serious and critical axe-core violations on the page. With `settle` (the default) a tooltip left open
 * by the last hover or focus, caught mid-fade, is closed first: it is not the page.
 */
export async function axeViolations(page: Page, { settle = true }: { settle?: boolean } = {}): Promise<string[]> {
  if (settle) {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'), undefined, { timeout: 5_000 });
    // A colour caught mid-transition (a button fading back from disabled once its load ended) is not the page's.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  }
  // Evaluated through the DevTools protocol: the public pages' Content-Security-Policy forbids inline scripts.
  // Once per document: a second look at the same page reuses the axe it holds.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

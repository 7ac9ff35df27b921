import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe-core violations on the page. With `settle` (the default) a tooltip left open
 * by the last hover or focus, caught mid-fade, is closed first: it is not the page.
 */
export async function axeViolations(page: Page, { settle = true }: { settle?: boolean } = {}): Promise<string[]> {
  if (settle) {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'), undefined, { timeout: 5_000 });
  }
  // Evaluated through the DevTools protocol: the public pages' Content-Security-Policy forbids inline scripts.
  await page.evaluate(readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
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

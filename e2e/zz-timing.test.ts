import fs from 'node:fs';
import { createRequire } from 'node:module';
import { it } from 'vitest';
import { violations } from './axe.ts';
import { signedInPage, useBrowser } from './browser.ts';
const e2e = useBrowser();
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
it('timing', async () => {
  const page = await signedInPage(e2e, 'admin');
  await page.goto('/costs');
  await page.locator('.ag-row').first().waitFor();
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    await violations(page);
    const whole = performance.now() - t;
    t = performance.now();
    await page.addScriptTag({ content: AXE });
    const inject = performance.now() - t;
    t = performance.now();
    await page.evaluate(() => (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }));
    const run = performance.now() - t;
    console.log(`violations ${whole.toFixed(0)} inject ${inject.toFixed(0)} run ${run.toFixed(0)}`);
  }
}, 120000);

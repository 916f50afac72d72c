// axe-core injected into Debian Chromium: the WCAG 2.2 AA violations of what a page shows now
// (DESIGN §8), for e2e/accessibility.test.ts and the screens' own tests.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function violations(page: Page): Promise<string[]> {
  // Menus and dialogs fade in: measure colours once they are fully shown.
  // MUI fades the dialog container and backdrop, not the paper, so wait for every
  // running CSS transition to end as well as for the papers to be opaque.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)) &&
      Array.from(
        document.querySelectorAll(
          '.MuiPopover-paper, .MuiDialog-paper, .MuiDialog-container, .MuiModal-root',
        ),
      ).every((element) => getComputedStyle(element).opacity === '1'),
  );
  // Once per document: injecting it again costs about a fifth of a run.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<any> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(
      (v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  }, TAGS);
}

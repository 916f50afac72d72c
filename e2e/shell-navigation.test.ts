// An in-app navigation draws the screen and the sidebar's selection, not the header (docs/web.md
// "First rows"): the header does not depend on the screen on view, and drawing it again (its
// search, notifications, language and menus) was part of every navigation's time to the rows.
import { describe, expect, it } from 'vitest';
import { pushRoute, signedInPage, useBrowser } from './browser.ts';

const e2e = useBrowser();

/**
 * React keeps on each element it draws the props it drew it with (a `__reactProps$…` property),
 * the same object until it draws that element again. The elements of `selector` whose props
 * object is no longer the one kept by `remember` were drawn again since.
 */
function propsOf(element: Element): unknown {
  const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
  return key ? (element as unknown as Record<string, unknown>)[key] : undefined;
}

describe.each(['ru', 'en'] as const)('the shell during an in-app navigation in %s', (language) => {
  it('the header is not drawn again; of the sidebar, only the entries whose selection changes', async () => {
    const page = await signedInPage(e2e, 'admin', language, '/');
    // The shell's own answers in first (the notifications' count): a part drawn again for its
    // own state is not the navigation's doing.
    await page.waitForLoadState('networkidle');
    const parts = 'header button, [data-testid=navigation] .MuiListItemIcon-root';
    const remembered = await page.evaluate(
      ({ parts, propsOf }) => {
        const read = new Function(`return (${propsOf})`)() as (element: Element) => unknown;
        const kept = new Map<Element, unknown>();
        for (const element of Array.from(document.querySelectorAll(parts)))
          kept.set(element, read(element));
        (window as unknown as { kept: Map<Element, unknown> }).kept = kept;
        return [...kept.values()].filter((props) => props !== undefined).length;
      },
      { parts, propsOf: propsOf.toString() },
    );
    // The header's buttons (search, notifications, two languages, the user menu) and the icon's
    // box of each sidebar entry (a Link draws its anchor again at every navigation, as the
    // router's links do, but not what the entry gave it).
    expect(remembered).toBeGreaterThan(15);

    await pushRoute(page, '/admin/cost-types');
    await page.locator('[data-testid=cost-types-table] .ag-row').first().waitFor();

    const redrawn = await page.evaluate(
      ({ propsOf }) => {
        const read = new Function(`return (${propsOf})`)() as (element: Element) => unknown;
        const { kept } = window as unknown as { kept: Map<Element, unknown> };
        return [...kept]
          .filter(([element, props]) => !element.isConnected || read(element) !== props)
          .map(([element]) =>
            element.closest('[data-testid^=nav-]')
              ? `sidebar ${element.closest('[data-testid^=nav-]')?.getAttribute('data-testid')}`
              : `header ${element.closest('[data-testid], [aria-label]')?.getAttribute('data-testid') ?? element.tagName}`,
          );
      },
      { propsOf: propsOf.toString() },
    );
    expect(redrawn.sort()).toEqual(['sidebar nav-/', 'sidebar nav-/admin/cost-types']);
  });
});

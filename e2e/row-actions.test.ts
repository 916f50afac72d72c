// A row's actions are plain buttons and links styled once for the page (RowIconButton,
// RowIconLink: docs/web.md "First rows"), looking as MUI's small IconButton: a list draws a few in
// every row, and MUI's IconButton costs its ButtonBase in each.
import { describe, expect, it } from 'vitest';
import { signedInPage, useBrowser, visit } from './browser.ts';
import { LIST_ROUTES } from './routes.ts';

const e2e = useBrowser();

interface ActionLook {
  route: string;
  tag: string;
  plain: boolean;
  size: string;
  radius: string;
  color: string;
  disabled: boolean;
}

describe('row actions', () => {
  it('on every list, each row action is a plain button or link, 30 px round, in the icons’ grey', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    const found: ActionLook[] = [];
    for (const route of LIST_ROUTES) {
      await visit(page, route);
      await page
        .locator('.ag-row, [data-testid=table-empty]')
        .first()
        .waitFor()
        .catch(() => undefined);
      found.push(
        ...(await page.evaluate((route) => {
          const cells = document.querySelectorAll('.ag-row [col-id=actions]');
          return Array.from(cells).flatMap((cell) =>
            Array.from(cell.querySelectorAll('button, a')).map((action) => {
              const style = getComputedStyle(action);
              return {
                route,
                tag: action.tagName,
                plain:
                  action.classList.contains('row-icon-button') &&
                  !action.classList.contains('MuiButtonBase-root'),
                size: `${style.width} × ${style.height}`,
                radius: style.borderRadius,
                color: style.color,
                disabled: (action as HTMLButtonElement).disabled === true,
              };
            }),
          );
        }, route)),
      );
    }
    // Lists with rows and actions in the seeded data: the reference lists, costs, bills…
    expect(new Set(found.map((action) => action.route)).size).toBeGreaterThan(8);
    expect(found.filter((action) => !action.plain)).toEqual([]);
    // MUI's small IconButton with a small icon, in action.active (rgba(0, 0, 0, 0.54)), or
    // action.disabled when disabled (a cost without attachments).
    const looks = (disabled: boolean) =>
      new Set(
        found
          .filter((action) => action.disabled === disabled)
          .map((action) => `${action.size}, ${action.radius}, ${action.color}`),
      );
    expect(looks(false)).toEqual(new Set(['30px × 30px, 50%, rgba(0, 0, 0, 0.54)']));
    expect(looks(true)).toEqual(new Set(['30px × 30px, 50%, rgba(0, 0, 0, 0.26)']));
  });

  it('a row action is shaded when pointed at and when focused from the keyboard, as MUI’s', async () => {
    const page = await signedInPage(e2e, 'admin', 'ru');
    await visit(page, '/admin/cost-types');
    const edit = page.locator('.ag-row [data-testid=edit]').first();
    await edit.waitFor();
    const shade = () => edit.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await shade()).toBe('rgba(0, 0, 0, 0)');
    await edit.hover();
    // MUI's hover: action.active at hoverOpacity (0.04); its transition is 0.15 s.
    await expect.poll(shade).toBe('rgba(0, 0, 0, 0.04)');
    await page.mouse.move(0, 0);
    await expect.poll(shade).toBe('rgba(0, 0, 0, 0)');
    // A key pressed last: the browser takes the next focus for the keyboard's (:focus-visible).
    await page.keyboard.press('Shift');
    await edit.focus();
    // The keyboard's focus: action.active at focusOpacity (0.12), as MUI's focus ripple.
    await expect.poll(shade).toBe('rgba(0, 0, 0, 0.12)');
  });

  it("a row's actions are drawn by the page's latest render: in the language just chosen", async () => {
    // The grid's columns stay as they are while the page renders (DataTable, `columnsKey`); the
    // action cells take the page's row actions from the context, so each render of the page
    // reaches them.
    const page = await signedInPage(e2e, 'admin', 'ru');
    await visit(page, '/admin/cost-types');
    const edit = page.locator('.ag-row [data-testid=edit]').first();
    await edit.waitFor();
    expect(await edit.getAttribute('aria-label')).toBe('Изменить');
    await page.getByTestId('language-en').click();
    await expect.poll(() => edit.getAttribute('aria-label')).toBe('Edit');
    const header = page.locator('.ag-header-cell[col-id=actions] .ag-header-cell-text');
    await expect.poll(() => header.textContent()).toBe('Actions');
  });
});

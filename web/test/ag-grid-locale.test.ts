// AG Grid speaks the reader's language: every screen-reader text the community grid translates
// has a text in both catalogues (the table's "Press Space to toggle row selection" was English
// in the Russian interface).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AG_GRID_KEYS } from '../src/i18n/ag-grid-locale.ts';
import { en, ru } from './catalogues.ts';

/** The aria texts AG Grid's own code translates (its bundle and its shared widgets). */
function gridAriaKeys(): string[] {
  const require = createRequire(path.join(import.meta.dirname, '..', 'package.json'));
  const sources = [require.resolve('ag-grid-community')];
  const stack = path.join(path.dirname(sources[0]!), '..', '..', '..', 'ag-stack');
  const stackMain = path.join(stack, 'dist', 'package', 'main.cjs.js');
  if (fs.existsSync(stackMain)) sources.push(stackMain);
  const keys = new Set<string>();
  for (const file of sources) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/"(aria[A-Z]\w+)",\s*"[^"]*"/g)) {
      keys.add(match[1]!);
    }
  }
  return [...keys];
}

// Texts of AG Grid features this application does not use (pivoting, filters in the grid,
// cell editing, cell selection, notes, calculated columns), and ariaAnnounce, a service's name.
const UNUSED = new Set([
  'ariaAnnounce',
  'ariaColumnCellSelection',
  'ariaColumnGroupCellSelection',
  'ariaColumnGroupCellSelectionAndExpansion',
  'ariaCalculatedColumn',
  'ariaColumnShowValuesAs',
  'ariaDateFilterInput',
  'ariaFilterFromValue',
  'ariaFilterInput',
  'ariaFilterMenuOpen',
  'ariaFilterToValue',
  'ariaFilterValue',
  'ariaFilteringOperator',
  'ariaHasNote',
  'ariaPendingChange',
  'ariaValidationErrorPrefix',
]);

describe('AG Grid in the reader language', () => {
  it('the catalogues have a text for every key the grid is given, and no other', () => {
    for (const catalogue of [ru, en]) {
      expect(Object.keys(catalogue.agGrid).sort()).toEqual([...AG_GRID_KEYS].sort());
    }
  });

  it("every screen-reader text of AG Grid's bundle is translated or listed as unused", () => {
    const given = new Set<string>(AG_GRID_KEYS);
    expect(gridAriaKeys().filter((key) => !given.has(key) && !UNUSED.has(key))).toEqual([]);
  });

  it('the Russian texts are Russian', () => {
    for (const key of AG_GRID_KEYS) expect(ru.agGrid[key], key).toMatch(/[а-яё]/i);
  });
});

// A list's header wraps between its words, never inside one (e2e/table-fit checks every list).
import { describe, expect, it } from 'vitest';
import {
  actionsColumn,
  headerMinWidth,
  KIND_WIDTHS,
} from '../src/components/DataTable/column-defs.tsx';

describe('headerMinWidth', () => {
  it("leaves room for the header's longest word, the padding and, for a column that sorts, its arrow", () => {
    const plain = headerMinWidth('Дата валютирования', false);
    const sortable = headerMinWidth('Дата валютирования', true);
    expect(sortable - plain).toBe(24);
    // "валютирования" (13 letters) is 101 px in the header's font: wider than a date column.
    expect(plain).toBeGreaterThan(101 + 16);
    expect(sortable).toBeGreaterThan(KIND_WIDTHS.date);
  });

  it('a short header needs less than its kind gives', () => {
    expect(headerMinWidth('Дата счёта', true)).toBeLessThanOrEqual(KIND_WIDTHS.date);
    expect(headerMinWidth('ID', true)).toBeLessThanOrEqual(KIND_WIDTHS.id);
  });
});

describe('the row actions column', () => {
  it("is as wide as a list asks, but never narrower than its header's longest word", () => {
    const header = 'Действия';
    expect(actionsColumn(header, 130).width).toBe(130);
    const narrow = actionsColumn(header, 40);
    expect(narrow.width).toBe(headerMinWidth(header, false));
    expect(narrow.minWidth).toBe(narrow.width);
  });
});

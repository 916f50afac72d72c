// Lists count their rows up to 1,000 (the API's cappedCount) and say "more than" above; exports
// do not rely on that count: they load page by page and know when the list holds more.
import { describe, expect, it } from 'vitest';
import {
  API_PAGE_MAX,
  connectionPage,
  loadPages,
  rowsPages,
} from '../src/components/export/index.ts';
import { COUNT_CAP, formatRowCount } from '../src/components/format.ts';
import en from '../src/i18n/en.entry.json';
import ru from '../src/i18n/ru.entry.json';

const t =
  (catalogue: { table: { moreThan: string } }) =>
  (_key: 'table.moreThan', options: { count: string }) =>
    catalogue.table.moreThan.replace('{{count}}', options.count);

describe('a list count up to the cap', () => {
  it('is the exact figure in the locale up to the cap', () => {
    expect(formatRowCount(657, 'en', t(en))).toBe('657');
    expect(formatRowCount(COUNT_CAP, 'en', t(en))).toBe('1,000');
    expect(formatRowCount(COUNT_CAP, 'ru', t(ru))).toBe('1\u00a0000');
  });

  it('says "more than 1,000" above it, in both languages', () => {
    expect(formatRowCount(COUNT_CAP + 1, 'en', t(en))).toBe('more than 1,000');
    expect(formatRowCount(COUNT_CAP + 1, 'ru', t(ru))).toBe('более чем 1\u00a0000');
  });
});

describe('an export loads page by page, each after the last row of the one before', () => {
  const list = (size: number) => Array.from({ length: size }, (_, i) => i);
  const pages = (rows: number[]) => {
    const asked: [number, string | null][] = [];
    const all = rowsPages(rows);
    const page = async (first: number, after: string | null) => {
      asked.push([first, after]);
      return all(first, after);
    };
    return { asked, page };
  };

  it('never asks for more than the API gives in one page, and stops at the last page', async () => {
    const { asked, page } = pages(list(1_234));
    const loaded = await loadPages(10_000, page);
    expect(loaded.rows).toEqual(list(1_234));
    expect(loaded.more).toBe(false);
    expect(asked.every(([first]) => first <= API_PAGE_MAX)).toBe(true);
    expect(asked.map(([, after]) => after)).toEqual([null, '500', '1000']);
  });

  it("knows the list holds more than the limit from the last page's next cursor", async () => {
    const { page } = pages(list(1_001));
    expect(await loadPages(1_000, page)).toEqual({ rows: list(1_000), more: true });
    const exact = pages(list(1_000));
    expect(await loadPages(1_000, exact.page)).toEqual({ rows: list(1_000), more: false });
  });

  it("follows the connection's end cursor while it has a next page, and skips null rows", async () => {
    const connections = {
      start: { nodes: [1, null, 2], pageInfo: { hasNextPage: true, endCursor: 'c2' } },
      c2: { nodes: [3], pageInfo: { hasNextPage: false, endCursor: 'c3' } },
    };
    const asked: (string | null)[] = [];
    const loaded = await loadPages(10, async (_first, after) => {
      asked.push(after);
      return connectionPage(connections[(after ?? 'start') as keyof typeof connections]);
    });
    expect(loaded).toEqual({ rows: [1, 2, 3], more: false });
    expect(asked).toEqual([null, 'c2']);
  });
});

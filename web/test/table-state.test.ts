// List state lives in the URL (DESIGN §8): page, size, sort and filters are query parameters;
// whatever cannot be read falls back to the default without an error.
import { describe, expect, it } from 'vitest';
import {
  filterCodecs,
  readTableState,
  writeTableState,
  type TableConfig,
} from '../src/components/DataTable/table-state.ts';

interface Filters {
  search: string;
  createdFrom: Date | null;
}

const config: TableConfig<Filters> = {
  sort: { key: 'CREATED_AT', direction: 'DESC' },
  sortKeys: ['NAME', 'CREATED_AT'],
  filters: {
    search: { initial: '', codec: filterCodecs.text },
    createdFrom: { initial: null, codec: filterCodecs.date },
  },
};

const read = (query: string) => readTableState(new URLSearchParams(query), config);

describe('list state in the URL', () => {
  it('reads page (1-based), size, sort and filters', () => {
    const state = read('search=ops.&createdFrom=2026-01-31&sort=NAME.asc&size=25&page=3');
    expect(state).toMatchObject({
      page: 2,
      pageSize: 25,
      sort: { key: 'NAME', direction: 'ASC' },
      filters: { search: 'ops.' },
    });
    expect(state.filters.createdFrom?.getDate()).toBe(31);
  });

  it('an empty URL is the default list', () => {
    expect(read('')).toEqual({
      page: 0,
      pageSize: 10,
      sort: { key: 'CREATED_AT', direction: 'DESC' },
      filters: { search: '', createdFrom: null },
    });
  });

  it('invalid parameters fall back to the defaults', () => {
    expect(read('page=-2&size=7&sort=PASSWORD.asc&createdFrom=2026-02-31')).toEqual(read(''));
    expect(read('page=abc&size=1e3&sort=NAME.sideways&createdFrom=yesterday')).toEqual(read(''));
    // Rows per page: 10, 25, 50 or 100 (SPEC §9).
    expect([10, 25, 50, 100].map((size) => read(`size=${size}`).pageSize)).toEqual([
      10, 25, 50, 100,
    ]);
  });

  it('writes what it reads, leaving defaults out', () => {
    const query = 'search=ops.&createdFrom=2026-01-31&sort=NAME.desc&size=50&page=2';
    expect(writeTableState(read(query), config).toString()).toBe(query);
    expect(writeTableState(read(''), config).toString()).toBe('');
  });
});

describe('filter codecs', () => {
  it('a record is id~name; a bare uuid is read too; anything else falls back', () => {
    const id = '0b5a7c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(filterCodecs.record.parse(`${id}~Northwind NL`)).toEqual({ id, label: 'Northwind NL' });
    expect(filterCodecs.record.parse(id)).toEqual({ id, label: id });
    expect(filterCodecs.record.parse('not-a-uuid~X')).toBeUndefined();
    expect(filterCodecs.record.format({ id, label: 'A~B' })).toBe(`${id}~A~B`);
    expect(filterCodecs.record.parse(`${id}~A~B`)).toEqual({ id, label: 'A~B' });
  });
  it('an amount keeps its exact string; choices and flags accept only their values', () => {
    expect(filterCodecs.decimal.parse('1234.50')).toBe('1234.50');
    expect(filterCodecs.decimal.parse('1e3')).toBeUndefined();
    const status = filterCodecs.choice(['open', 'paid'] as const);
    expect(status.parse('open')).toBe('open');
    expect(status.parse('drop table')).toBeUndefined();
    expect(filterCodecs.flag.parse('1')).toBe(true);
    expect(filterCodecs.flag.parse('yes')).toBeUndefined();
    expect(filterCodecs.flag.format(false)).toBeUndefined();
  });
});

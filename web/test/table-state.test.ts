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

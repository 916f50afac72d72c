// What a reference table (components/ReferenceTable.tsx) keeps in the URL and asks the server:
// plain functions, also used by the benchmark to send what the screens send.
import { formatISO } from 'date-fns';
import { filterCodecs, type TableConfig } from './DataTable/table-state.ts';

export interface ReferenceFilters {
  search: string;
  createdFrom: Date | null;
  createdTo: Date | null;
  /** 'only': the archived rows; otherwise the live ones (tables whose rows can be archived). */
  archived: string;
}

/** GraphQL filter of the shared reference-table filters (search over the given fields, created
 *  range; for a table whose rows can be archived, live or archived rows). */
export function referenceFilter(
  filters: ReferenceFilters,
  searchFields: string[],
  archivable = false,
) {
  const parts: Record<string, unknown>[] = [];
  if (archivable) parts.push({ isArchived: { equalTo: filters.archived === 'only' } });
  if (filters.search.trim()) {
    parts.push({
      or: searchFields.map((field) => ({
        [field]: { includesInsensitive: filters.search.trim() },
      })),
    });
  }
  if (filters.createdFrom)
    parts.push({ createdAt: { greaterThanOrEqualTo: formatISO(filters.createdFrom) } });
  if (filters.createdTo) {
    const end = new Date(filters.createdTo);
    end.setDate(end.getDate() + 1);
    parts.push({ createdAt: { lessThan: formatISO(end) } });
  }
  return parts.length ? { and: parts } : undefined;
}

/** The table state of a reference list: newest first, a search box and a created range. */
export function referenceTableConfig<K extends string>(
  sortKeys: readonly K[],
): TableConfig<ReferenceFilters, K> {
  return {
    sort: { key: 'CREATED_AT' as K, direction: 'DESC' },
    sortKeys,
    filters: {
      search: { initial: '', codec: filterCodecs.text },
      createdFrom: { initial: null, codec: filterCodecs.date },
      createdTo: { initial: null, codec: filterCodecs.date },
      archived: { initial: '', codec: filterCodecs.text },
    },
  };
}

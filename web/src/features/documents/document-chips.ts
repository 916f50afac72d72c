// The documents table's filter chips, from the shared builder.
import type { TFunction } from 'i18next';
import type { FilterChip } from '../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import { DOCUMENTS_TABLE, type DocumentFilters } from './document-filters.ts';

const ARCHIVED_LABELS = {
  only: 'documents.filters.archivedOnly',
  all: 'documents.filters.archivedAll',
} as const;

export function documentChips(
  filters: DocumentFilters,
  clear: <N extends keyof DocumentFilters>(name: N, initial: DocumentFilters[N]) => void,
  t: TFunction,
  language: string,
): FilterChip[] {
  return filterChips({
    filters,
    config: DOCUMENTS_TABLE,
    prefix: 'documents.chips',
    t,
    language,
    onRemove: clear,
    format: {
      type: (value) => t(`documents.types.${value}`),
      archived: (value) => t(ARCHIVED_LABELS[value || 'only']),
    },
  });
}

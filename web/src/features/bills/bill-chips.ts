// The bills tables' filter chips.
import { useTranslation } from 'react-i18next';
import type { FilterChip } from '../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import type { RecordRef, useTableState } from '../../components/DataTable/table-state.ts';
import { formatMoney } from '../../components/format.ts';
import { companyName } from '../../components/names.ts';
import {
  BILL_ARCHIVED_LABELS,
  BILLS_TABLE,
  type BillSortKey,
  type BillsFilters,
} from './filters.ts';

interface Named {
  shortName?: string | null;
  legalName?: string | null;
  name?: string | null;
}

export function useBillChips(
  table: ReturnType<typeof useTableState<BillsFilters, BillSortKey>>,
  /** A row of the list: a record filter linked by its id alone (from home) is named after it. */
  first?: Partial<Record<'client' | 'subsidiary' | 'project' | 'service', Named | null>>,
): FilterChip[] {
  const { t, i18n } = useTranslation();
  const named =
    (key: 'client' | 'subsidiary' | 'project' | 'service') => (record: RecordRef | null) => {
      const shown = first?.[key];
      return record && record.label === record.id && shown
        ? shown.name || companyName(shown)
        : (record?.label ?? '');
    };
  return filterChips({
    filters: table.state.filters,
    config: BILLS_TABLE,
    prefix: 'bills.chip',
    t,
    language: i18n.language,
    onRemove: table.setFilter,
    // The view (unpaid) is a tab, not a chip.
    order: [
      'search',
      'year',
      'month',
      'client',
      'subsidiary',
      'project',
      'service',
      'status',
      'currency',
      'dueFrom',
      'dueTo',
      'amountFrom',
      'amountTo',
      'archived',
    ],
    format: {
      month: (value) => t(`bills.months.${value}`),
      client: named('client'),
      subsidiary: named('subsidiary'),
      project: named('project'),
      service: named('service'),
      status: (value) => t(`statuses.${value}`),
      currency: (value) => value.toUpperCase(),
      amountFrom: (value) => formatMoney(value, i18n.language),
      amountTo: (value) => formatMoney(value, i18n.language),
      archived: (value) => t(BILL_ARCHIVED_LABELS[value]),
    },
  });
}

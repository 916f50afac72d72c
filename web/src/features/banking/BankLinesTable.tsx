import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  BankLinesDocument,
  UndoBankMatchDocument,
  type BankStatementLineOrderBy,
} from '../../api/generated.ts';
import { useGraphQLMutation, useListQuery } from '../../api/hooks.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import { pagingVariables, type useTableState } from '../../components/DataTable/table-state.ts';
import {
  BANK_LINE_VIEWS,
  BANK_LINES_TABLE,
  bankLineFilter,
  type BankLineFilters,
  type BankLineSortKey,
} from './banking-filters.ts';
import { BankLineActions } from './BankLineActions.tsx';
import { bankLineColumns, type BankLine } from './columns.ts';

export type BankLinesState = ReturnType<typeof useTableState<BankLineFilters, BankLineSortKey>>;

/**
 * An account's statement lines (paged on the server), by default the queue of lines still to
 * match; the views are tabs, the search a chip.
 */
export function BankLinesTable(props: {
  table: BankLinesState;
  accountId: string | undefined;
  run: (work: () => Promise<unknown>, done?: string) => Promise<void>;
  onMatch: (line: BankLine) => void;
  onIgnore: (line: BankLine) => void;
}) {
  const { t, i18n } = useTranslation();
  const { table } = props;
  const { filters } = table.state;
  const view = filters.view || 'queue';
  const lines = useListQuery(
    BankLinesDocument,
    {
      ...pagingVariables<BankStatementLineOrderBy>(table.state),
      filter: bankLineFilter(props.accountId ?? '', filters),
    },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    (data) => data.allBankStatementLines,
    // Lines belong to an account: none asked for before the account list has answered.
    { enabled: Boolean(props.accountId) },
  );
  const undo = useGraphQLMutation(UndoBankMatchDocument, ['Payment', 'Invoice', 'Bill']);
  const chips = filterChips({
    filters,
    config: BANK_LINES_TABLE,
    prefix: 'filters',
    t,
    language: i18n.language,
    onRemove: table.setFilter,
    // The account is chosen above the page, the view by its tabs: they say themselves what is on.
    order: ['search'],
  });
  return (
    <DataTable<BankLine, BankLineSortKey>
      testId="bank-lines"
      columns={bankLineColumns(t, i18n.language)}
      {...bindTable(table, lines)}
      filters={chips}
      emptyText={t('banking.noLines')}
      pinActions
      toolbar={
        <>
          {BANK_LINE_VIEWS.map((value) => (
            <Chip
              key={value}
              label={t(`banking.views.${value}`)}
              color={view === value ? 'primary' : 'default'}
              onClick={() => table.setFilter('view', value === 'queue' ? '' : value)}
              data-testid={`view-${value}`}
            />
          ))}
          <FilterTextField
            label="filters.searchLabel"
            hint="table.lists.searchHint"
            value={filters.search}
            onApply={(value) => table.setFilter('search', value)}
            testId="search"
          />
        </>
      }
      rowActions={(row) => (
        <BankLineActions
          line={row}
          onMatch={() => props.onMatch(row)}
          onIgnore={() => props.onIgnore(row)}
          onUndo={() =>
            void props.run(() => undo.mutateAsync({ lineId: row.id }), t('banking.undone'))
          }
        />
      )}
    />
  );
}

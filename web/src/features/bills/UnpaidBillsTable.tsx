import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  UnpaidBillsDocument,
  UnpaidBillsTotalDocument,
  type BillOrderBy,
} from '../../api/generated.ts';
import type { CachePolicy } from '../../api/cache.ts';
import { useGraphQLQuery, useListQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton, connectionPage } from '../../components/export/index.ts';
import {
  pagingVariables,
  useTableState,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { formatMoney } from '../../components/format.ts';
import { useBillChips } from './bill-chips.ts';
import { BillSearchFilters } from './BillSearchFilters.tsx';
import { OpenBill } from './BillRowActions.tsx';
import { unpaidColumns, type UnpaidRow } from './columns.ts';
import {
  UNPAID_TABLE,
  billsFilter,
  unpaidTotalVariables,
  type BillSortKey,
  type BillsFilters,
} from './filters.ts';

/** What the page and its total show: a change to one of these refreshes both. */
const UNPAID_READS: CachePolicy = { reads: ['Bill', 'Payment', 'Company'] };

/** The bills still owed (`?unpaid=1`): the most overdue first, in USD too, with their total. */
export function UnpaidBillsTable() {
  const { t, i18n } = useTranslation();
  const table = useTableState(UNPAID_TABLE as TableConfig<BillsFilters, BillSortKey>);
  const filter = billsFilter(table.state.filters);
  const data = useListQuery(
    UnpaidBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter },
    UNPAID_READS,
    (result) => result.allBills,
  );
  // Summed by the database over every bill the filters select (without filters, from the totals
  // it keeps), in a request of its own sent at the same time: the rows never wait for the sum.
  const totalVariables = unpaidTotalVariables(table.state.filters);
  const totalQuery = useGraphQLQuery(UnpaidBillsTotalDocument, totalVariables, UNPAID_READS);
  const total = totalVariables.whole
    ? totalQuery.data?.unpaidBillsTotal
    : totalQuery.data?.allBills?.outstandingUsdTotal;
  const columns = unpaidColumns(t, i18n.language);
  return (
    <>
      <DataTable<UnpaidRow, BillSortKey>
        usdNote
        testId="unpaid-bills-table"
        columns={columns}
        columnChooser="unpaidBills"
        {...bindTable(table, data)}
        filters={useBillChips(table, data.rows[0])}
        emptyText={t('bills.unpaidEmpty')}
        toolbar={
          <>
            <BillSearchFilters table={table} />
            <Typography variant="subtitle1" data-testid="unpaid-total" aria-busy={total == null}>
              {total != null ? (
                t('table.lists.unpaidTotal', {
                  value: formatMoney(total, i18n.language, 'USD'),
                })
              ) : totalQuery.isFetching ? (
                <Skeleton width={220} />
              ) : null}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('bills.viewUnpaid')}
              columns={columns}
              disabled={data.totalCount === 0}
              loadPage={async (first, after) => {
                const result = await api.request(UnpaidBillsDocument, {
                  first,
                  offset: 0,
                  after,
                  orderBy: pagingVariables<BillOrderBy>(table.state).orderBy,
                  filter,
                });
                return connectionPage(result.allBills);
              }}
            />
          </>
        }
        // One action (open): its header's width, which leaves the ID its eight digits.
        actionsWidth={88}
        rowActions={(row) => <OpenBill id={row.id} />}
      />
    </>
  );
}

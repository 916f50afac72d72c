import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { UnpaidBillsDocument, type BillOrderBy } from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
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
import { UNPAID_TABLE, billsFilter, type BillSortKey, type BillsFilters } from './filters.ts';

/** The bills still owed (`?unpaid=1`): the most overdue first, in USD too, with their total. */
export function UnpaidBillsTable() {
  const { t, i18n } = useTranslation();
  const table = useTableState(UNPAID_TABLE as TableConfig<BillsFilters, BillSortKey>);
  const filter = billsFilter(table.state.filters);
  const data = useListQuery(
    UnpaidBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter },
    { reads: ['Bill', 'Payment', 'Company'] },
    (result) => result.allBills,
  );
  // Summed by the database over every bill the filters select, in the list's own request.
  const total = data.data?.allBills?.outstandingUsdTotal;
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
            <Typography variant="subtitle1" data-testid="unpaid-total">
              {total != null &&
                t('table.lists.unpaidTotal', {
                  value: formatMoney(total, i18n.language, 'USD'),
                })}
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
                  withTotal: false,
                });
                return connectionPage(result.allBills);
              }}
            />
          </>
        }
        actionsWidth={100}
        rowActions={(row) => <OpenBill id={row.id} />}
      />
    </>
  );
}

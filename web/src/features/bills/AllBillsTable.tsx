import { Add } from '@mui/icons-material';
import { Alert, Box, Button, Snackbar, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { AllBillsDocument, type BillOrderBy } from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton, connectionPage } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { useSession } from '../../session/useSession.ts';
import { useBillChips } from './bill-chips.ts';
import { BillSearchFilters } from './BillSearchFilters.tsx';
import { OpenBill, RowActions } from './BillRowActions.tsx';
import { billColumns, type BillRow } from './columns.ts';
import { BILLS_TABLE, billsFilter, type BillSortKey } from './filters.ts';

/** Every bill the account may see, with filters, bulk summary, export and quick actions. */
export function AllBillsTable() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const [failure, setFailure] = useState<unknown>();
  const data = useListQuery(
    AllBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter: billsFilter(table.state.filters) },
    { reads: ['Bill', 'Payment', 'Company', 'Project', 'Service', 'User', 'File'] },
    (result) => result.allBills,
  );
  const chips = useBillChips(table, data.rows[0]);
  const columns = billColumns(t, i18n.language);
  return (
    <>
      <DataTable<BillRow, BillSortKey>
        usdNote
        testId="bills-table"
        columns={columns}
        columnChooser="bills"
        pinActions
        actionsWidth={110}
        {...bindTable(table, data)}
        filters={chips}
        summary={{ amount: 'amountUsd', total: 'amountUsdWVat', currency: 'USD' }}
        emptyText={t('bills.empty')}
        toolbar={
          <>
            <BillSearchFilters table={table} />
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('titles.bills')}
              columns={columns}
              disabled={data.totalCount === 0}
              loadPage={async (first, after) => {
                const result = await api.request(AllBillsDocument, {
                  first,
                  offset: 0,
                  after,
                  orderBy: pagingVariables<BillOrderBy>(table.state).orderBy,
                  filter: billsFilter(table.state.filters),
                });
                return connectionPage(result.allBills);
              }}
            />
          </>
        }
        rowActions={(row) => (
          <>
            <OpenBill id={row.id} />
            <RowActions row={row} onFailure={setFailure} />
          </>
        )}
      />
      <Snackbar
        open={failure !== undefined}
        autoHideDuration={8000}
        onClose={() => setFailure(undefined)}
      >
        <Alert severity="error" onClose={() => setFailure(undefined)} data-testid="row-error">
          {errorMessage(t, failure)}
        </Alert>
      </Snackbar>
      {!data.loading && !data.error && data.totalCount === 0 && permissions.billWrite && (
        <Stack sx={{ alignItems: 'center', mt: 2 }} data-testid="empty-add">
          <Button variant="outlined" startIcon={<Add />} component={Link} to="/bills/new">
            {t('bills.add')}
          </Button>
        </Stack>
      )}
    </>
  );
}

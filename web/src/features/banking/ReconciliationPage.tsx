import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BankReconciliationDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { FilterDateField } from '../../components/DataTable/filter-fields.tsx';
import { tableLink, useTableState } from '../../components/DataTable/table-state.ts';
import { AccountSelect } from './AccountSelect.tsx';
import { BANK_LINES_TABLE, RECONCILIATION_TABLE, reconciliationPeriod } from './banking-filters.ts';
import { unseenPaymentColumns, type UnseenPayment } from './columns.ts';
import { PaymentSearch } from './PaymentSearch.tsx';
import { ReconciliationFigures } from './ReconciliationFigures.tsx';
import { useBankAccount } from './use-bank-account.ts';

/**
 * A bank account over a period: the statements' balances and movement against the payments
 * matched to their lines, what is left unmatched, and the payments recorded (by transaction, in
 * the account's subsidiary and currency) that no statement line shows.
 */
export default function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const table = useTableState(RECONCILIATION_TABLE);
  const { filters } = table.state;
  const period = reconciliationPeriod(filters, new Date());
  const { accounts, account } = useBankAccount(filters.account);
  const result = useGraphQLQuery(
    BankReconciliationDocument,
    {
      bankAccountId: account?.id ?? '',
      fromDate: period.fromDate,
      toDate: period.toDate,
      first: table.state.pageSize,
      offset: table.state.page * table.state.pageSize,
    },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    { enabled: Boolean(account) },
  );
  const unseen = result.data?.bankUnseenPayments;
  const list = {
    rows: (unseen?.nodes ?? []).flatMap((p) => (p ? [p as UnseenPayment] : [])),
    totalCount: unseen?.totalCount ?? 0,
    loading: result.isFetching,
    error: result.error ?? undefined,
    refetch: () => void result.refetch(),
  };

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ flexGrow: 1 }}>
          {t('titles.reconciliation')}
        </Typography>
        <Button
          component={Link}
          to={tableLink('/banking', BANK_LINES_TABLE, { account: account?.id ?? '' })}
        >
          {t('titles.banking')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <AccountSelect
          accounts={accounts}
          account={account}
          onChange={(id) => table.setFilter('account', id)}
          width={320}
        />
        <FilterDateField
          label="banking.from"
          value={period.from}
          onApply={(value) => table.setFilter('from', value)}
        />
        <FilterDateField
          label="banking.to"
          value={period.to}
          onApply={(value) => table.setFilter('to', value)}
        />
      </Stack>
      <ReconciliationFigures result={result.data?.bankReconciliation} />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('banking.unseenPayments')}
      </Typography>
      <DataTable<UnseenPayment>
        testId="unseen-payments"
        columns={unseenPaymentColumns(i18n.language)}
        {...bindTable(table, list)}
        emptyText={t('banking.noUnseen')}
      />
      <PaymentSearch />
    </Box>
  );
}

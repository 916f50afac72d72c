import { Box, Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { endOfMonth, format as formatDay, startOfMonth } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BankAccountOptionsDocument,
  BankReconciliationDocument,
  PaymentsByReferenceDocument,
  type BankReconciliationQuery,
} from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import {
  filterCodecs,
  useTableState,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { formatDate, formatMoney } from '../../components/format.ts';
import { companyName } from '../../components/names.ts';

interface Filters {
  account: string;
  from: Date | null;
  to: Date | null;
}
const CONFIG: TableConfig<Filters> = {
  sortKeys: [],
  filters: {
    account: { initial: '', codec: filterCodecs.text },
    from: { initial: null, codec: filterCodecs.date },
    to: { initial: null, codec: filterCodecs.date },
  },
};
type Payment = NonNullable<BankReconciliationQuery['bankUnseenPayments']>['nodes'][number] & {
  id: string;
};

/**
 * A bank account over a period: the statements' balances and movement against the payments
 * matched to their lines, what is left unmatched, and the payments recorded (by transaction, in
 * the account's subsidiary and currency) that no statement line shows.
 */
export default function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const table = useTableState(CONFIG);
  const { filters } = table.state;
  const today = new Date();
  const from = filters.from ?? startOfMonth(today);
  const to = filters.to ?? endOfMonth(today);
  const accounts = useGraphQLQuery(BankAccountOptionsDocument, {}, { reads: ['Payment'] });
  const accountList = (accounts.data?.allBankAccounts?.nodes ?? []).flatMap((a) => (a ? [a] : []));
  const account = accountList.find((a) => a.id === filters.account) ?? accountList[0];
  const result = useGraphQLQuery(
    BankReconciliationDocument,
    {
      bankAccountId: account?.id ?? '',
      fromDate: formatDay(from, 'yyyy-MM-dd'),
      toDate: formatDay(to, 'yyyy-MM-dd'),
      first: table.state.pageSize,
      offset: table.state.page * table.state.pageSize,
    },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    { enabled: Boolean(account) },
  );
  const r = result.data?.bankReconciliation;
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState('');
  const found = useGraphQLQuery(
    PaymentsByReferenceDocument,
    { reference },
    { reads: ['Payment'] },
    { enabled: reference.length >= 2 },
  );
  const foundPayments = (found.data?.allPayments?.nodes ?? []).flatMap((p) => (p ? [p] : []));
  const money = (value: string | null | undefined) =>
    formatMoney(value ?? '0', language, r?.currency ?? undefined);
  const figure = (key: string, value: string | null | undefined, testId: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t(key)}
        </Typography>
        <Typography
          variant="h6"
          sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          data-testid={testId}
        >
          {value ?? '—'}
        </Typography>
      </Paper>
    </Grid>
  );
  const unseen = (result.data?.bankUnseenPayments?.nodes ?? []).flatMap((p) =>
    p ? [p as Payment] : [],
  );

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ flexGrow: 1 }}>
          {t('titles.reconciliation')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('banking.account')}
          value={account?.id ?? ''}
          onChange={(e) => table.setFilter('account', e.target.value)}
          sx={{ minWidth: 320 }}
        >
          {accountList.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name} · {companyName(a.subsidiary)} · {a.currency}
            </MenuItem>
          ))}
        </TextField>
        <DatePicker
          label={t('banking.from')}
          value={from}
          onChange={(value) => table.setFilter('from', value)}
          slotProps={{ textField: { size: 'small' } }}
        />
        <DatePicker
          label={t('banking.to')}
          value={to}
          onChange={(value) => table.setFilter('to', value)}
          slotProps={{ textField: { size: 'small' } }}
        />
        <Button component={Link} to={`/banking${account ? `?account=${account.id}` : ''}`}>
          {t('titles.banking')}
        </Button>
      </Stack>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {figure('banking.openingBalance', r?.openingBalance && money(r.openingBalance), 'opening')}
        {figure('banking.closingBalance', r?.closingBalance && money(r.closingBalance), 'closing')}
        {figure('banking.statementTotal', r && money(r.statementTotal), 'statement-total')}
        {figure('banking.matchedTotal', r && money(r.matchedTotal), 'matched-total')}
        {figure('banking.ignoredTotal', r && money(r.ignoredTotal), 'ignored-total')}
        {figure(
          'banking.unmatchedTotal',
          r && `${money(r.unmatchedTotal)} (${r.unmatchedCount ?? 0})`,
          'unmatched-total',
        )}
        {figure(
          'banking.unseenTotal',
          r && `${money(r.unseenPaymentsTotal)} (${r.unseenPaymentsCount ?? 0})`,
          'unseen-total',
        )}
      </Grid>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('banking.unseenPayments')}
      </Typography>
      <DataTable<Payment>
        testId="unseen-payments"
        columns={[
          {
            field: 'paymentDate',
            kind: 'date',
            header: 'banking.paymentDate',
            format: (row) => formatDate(row.paymentDate, language),
          },
          {
            field: 'amount',
            header: 'banking.amount',
            kind: 'money',
            currency: (row) => row.currency,
          },
          { field: 'reference', header: 'banking.reference' },
        ]}
        rows={unseen}
        totalCount={result.data?.bankUnseenPayments?.totalCount ?? 0}
        loading={result.isFetching}
        error={result.error ?? undefined}
        onRetry={() => void result.refetch()}
        page={table.state.page}
        pageSize={table.state.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={undefined}
        onSortChange={() => {}}
        emptyText={t('banking.noUnseen')}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
        {t('banking.findPayment')}
      </Typography>
      <TextField
        size="small"
        label={t('banking.reference')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && setReference(typed.trim())}
        onBlur={() => setReference(typed.trim())}
        slotProps={{ htmlInput: { 'data-testid': 'payment-reference-search' } }}
      />
      {reference.length >= 2 && found.isSuccess && (
        <Paper variant="outlined" sx={{ mt: 1 }} data-testid="payments-found">
          {foundPayments.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('banking.noPaymentFound')}
            </Typography>
          ) : (
            foundPayments.map((p) => (
              <Stack key={p.id} direction="row" spacing={2} sx={{ px: 2, py: 1 }}>
                <Typography sx={{ width: 120 }}>{formatDate(p.paymentDate, language)}</Typography>
                <Typography sx={{ flexGrow: 1 }}>{p.reference}</Typography>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(p.amount, language, p.currency)}
                </Typography>
                <Typography sx={{ width: 200 }} color="text.secondary">
                  {t(p.bankLineId ? 'banking.onStatement' : 'banking.notOnStatement')}
                </Typography>
              </Stack>
            ))
          )}
        </Paper>
      )}
    </Box>
  );
}

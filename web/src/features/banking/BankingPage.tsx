import { Alert, Box, Button, Snackbar, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IgnoreBankLineDocument } from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { tableLink, useTableState } from '../../components/DataTable/table-state.ts';
import { useSession } from '../../session/useSession.ts';
import { AccountSelect } from './AccountSelect.tsx';
import { BANK_LINES_TABLE, RECONCILIATION_TABLE } from './banking-filters.ts';
import { BankLinesTable } from './BankLinesTable.tsx';
import type { BankLine } from './columns.ts';
import { formatIban } from './iban.ts';
import { IgnoreDialog } from './IgnoreDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { MatchDialog } from './MatchDialog.tsx';
import { StatementsTable } from './StatementsTable.tsx';
import { useBankAccount } from './use-bank-account.ts';

/**
 * Bank statements of an account: the statements imported, and their lines, by default the queue
 * of lines still to match (paged on the server). Each line is matched to invoices or bills, marked
 * as not a payment, or undone; a statement's sure matches are accepted at once.
 */
export default function BankingPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BANK_LINES_TABLE);
  const { accounts, account, loaded } = useBankAccount(table.state.filters.account);
  const ignore = useGraphQLMutation(IgnoreBankLineDocument, ['Payment']);
  const [matching, setMatching] = useState<string>();
  const [ignoring, setIgnoring] = useState<BankLine>();
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setFailure(undefined);
    try {
      await work();
      if (done) setMessage(done);
    } catch (error) {
      setFailure(error);
    }
  };

  if (loaded && accounts.length === 0) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
          {t('titles.banking')}
        </Typography>
        <Typography color="text.secondary">{t('banking.noAccounts')}</Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ flexGrow: 1 }}>
          {t('titles.banking')}
        </Typography>
        <AccountSelect
          accounts={accounts}
          account={account}
          onChange={(id) => table.setFilter('account', id)}
          width={360}
          testId="bank-account"
        />
        <Button
          component={Link}
          to={tableLink('/banking/reconciliation', RECONCILIATION_TABLE, {
            account: account?.id ?? '',
          })}
          data-testid="to-reconciliation"
        >
          {t('titles.reconciliation')}
        </Button>
        {permissions.paymentWrite && account && (
          <Button variant="contained" onClick={() => setImporting(true)} data-testid="import">
            {t('banking.importStatement')}
          </Button>
        )}
      </Stack>
      {account && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {account.iban ? formatIban(account.iban) : account.accountNumber}
        </Typography>
      )}
      {failure !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(undefined)}>
          {errorMessage(t, failure)}
        </Alert>
      )}
      <StatementsTable accountId={account?.id} run={run} onDone={setMessage} />
      <BankLinesTable
        table={table}
        accountId={account?.id}
        run={run}
        onMatch={(line) => setMatching(line.id)}
        onIgnore={setIgnoring}
      />
      <MatchDialog lineId={matching} onClose={() => setMatching(undefined)} />
      {ignoring && (
        <IgnoreDialog
          onClose={() => setIgnoring(undefined)}
          onSubmit={(note) =>
            void run(async () => {
              await ignore.mutateAsync({ lineId: ignoring.id, note });
              setIgnoring(undefined);
            })
          }
        />
      )}
      {account && (
        <ImportDialog
          open={importing}
          bankAccountId={account.id}
          savedMapping={account.csvMapping}
          onClose={() => setImporting(false)}
          onImported={(_id, count) => setMessage(t('banking.imported', { count }))}
        />
      )}
      <Snackbar
        open={Boolean(message)}
        autoHideDuration={4000}
        onClose={() => setMessage(undefined)}
        message={message}
      />
    </Box>
  );
}

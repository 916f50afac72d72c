import { Check, Link as LinkIcon, Block, Undo } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Link as MuiLink,
  MenuItem,
  Paper,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AcceptHighConfidenceMatchesDocument,
  BankAccountOptionsDocument,
  BankLinesDocument,
  BankStatementsDocument,
  IgnoreBankLineDocument,
  UndoBankMatchDocument,
  type BankLinesQuery,
  type BankStatementLineFilter,
  type BankStatementLineOrderBy,
} from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { fileUrl } from '../../api/storage.ts';
import { useGraphQLMutation, useGraphQLQuery, useListQuery } from '../../api/hooks.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import {
  filterCodecs,
  pagingVariables,
  useTableState,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { formatDate, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { MatchDialog } from './MatchDialog.tsx';
import { formatIban } from './iban.ts';
import { companyName } from '../../components/names.ts';

type Line = NonNullable<BankLinesQuery['allBankStatementLines']>['nodes'][number] & { id: string };
const VIEWS = ['queue', 'matched', 'ignored', 'all'] as const;
type View = (typeof VIEWS)[number];
interface Filters {
  account: string;
  view: View | '';
  search: string;
}
type SortKey = SortKeyOf<BankStatementLineOrderBy>;

const CONFIG: TableConfig<Filters, SortKey> = {
  sort: { key: 'VALUE_DATE', direction: 'ASC' },
  sortKeys: ['VALUE_DATE', 'AMOUNT'],
  filters: {
    account: { initial: '', codec: filterCodecs.text },
    view: { initial: '', codec: filterCodecs.choice(VIEWS) },
    search: { initial: '', codec: filterCodecs.text },
  },
};

const STATUS_OF: Record<View, string[] | undefined> = {
  queue: ['unmatched', 'partly_matched'],
  matched: ['matched'],
  ignored: ['ignored'],
  all: undefined,
};

/**
 * Bank statements of an account: the statements imported, and their lines, by default the queue
 * of lines still to match (paged on the server). Each line is matched to invoices or bills, marked
 * as not a payment, or undone; a statement's sure matches are accepted at once.
 */
export default function BankingPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { permissions } = useSession();
  const table = useTableState(CONFIG);
  const { filters } = table.state;
  const accounts = useGraphQLQuery(BankAccountOptionsDocument, {}, { reads: ['Payment'] });
  const accountList = (accounts.data?.allBankAccounts?.nodes ?? []).flatMap((a) => (a ? [a] : []));
  const account = accountList.find((a) => a.id === filters.account) ?? accountList[0];
  const view: View = filters.view || 'queue';
  const statements = useGraphQLQuery(
    BankStatementsDocument,
    { bankAccountId: account?.id ?? '' },
    { reads: ['Payment'] },
    { enabled: Boolean(account) },
  );
  const filter = useMemo<BankStatementLineFilter>(() => {
    const parts: BankStatementLineFilter[] = [{ bankAccountId: { equalTo: account?.id ?? '' } }];
    const statuses = STATUS_OF[view];
    if (statuses) parts.push({ status: { in: statuses } });
    if (filters.search)
      parts.push({
        or: [
          { counterpartyName: { includesInsensitive: filters.search } },
          { remittance: { includesInsensitive: filters.search } },
          { bankReference: { includesInsensitive: filters.search } },
        ],
      });
    return { and: parts };
  }, [account?.id, view, filters.search]);
  const lines = useListQuery(
    BankLinesDocument,
    { ...pagingVariables<BankStatementLineOrderBy>(table.state), filter },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    (data) => data.allBankStatementLines,
    // Lines belong to an account: none asked for before the account list has answered.
    { enabled: Boolean(account) },
  );
  const undo = useGraphQLMutation(UndoBankMatchDocument, ['Payment', 'Invoice', 'Bill']);
  const ignore = useGraphQLMutation(IgnoreBankLineDocument, ['Payment']);
  const acceptHigh = useGraphQLMutation(AcceptHighConfidenceMatchesDocument, [
    'Payment',
    'Invoice',
    'Bill',
  ]);
  const [matching, setMatching] = useState<string>();
  const [ignoring, setIgnoring] = useState<Line>();
  const [note, setNote] = useState('');
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

  if (accounts.isSuccess && accountList.length === 0) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" data-testid="page-title" gutterBottom>
          {t('titles.banking')}
        </Typography>
        <Typography color="text.secondary">{t('banking.noAccounts')}</Typography>
      </Box>
    );
  }

  const money = (value: string | null | undefined, currency?: string | null) =>
    formatMoney(value, language, currency ?? undefined);

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="page-title" sx={{ flexGrow: 1 }}>
          {t('titles.banking')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('banking.account')}
          value={account?.id ?? ''}
          onChange={(e) => table.setFilter('account', e.target.value)}
          sx={{ minWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'bank-account' } }}
        >
          {accountList.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name} · {companyName(a.subsidiary)} · {a.currency}
            </MenuItem>
          ))}
        </TextField>
        <Button
          component={Link}
          to={`/banking/reconciliation${account ? `?account=${account.id}` : ''}`}
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
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Table size="small" data-testid="statements">
          <TableHead>
            <TableRow>
              <TableCell>{t('banking.statement')}</TableCell>
              <TableCell>{t('banking.format')}</TableCell>
              <TableCell>{t('banking.period')}</TableCell>
              <TableCell align="right">{t('banking.openingBalance')}</TableCell>
              <TableCell align="right">{t('banking.closingBalance')}</TableCell>
              <TableCell align="right">{t('banking.lines')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(statements.data?.allBankStatements?.nodes ?? []).flatMap((s) =>
              s
                ? [
                    <TableRow key={s.id} data-testid={`statement-${s.format}`}>
                      <TableCell>
                        {s.fileId ? (
                          <MuiLink href={fileUrl(s.fileId, 'download')}>{s.statementRef}</MuiLink>
                        ) : (
                          s.statementRef
                        )}
                      </TableCell>
                      <TableCell>{t(`banking.formats.${s.format}`)}</TableCell>
                      <TableCell>
                        {formatDate(s.fromDate, language)} – {formatDate(s.toDate, language)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(s.openingBalance, s.currency)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(s.closingBalance, s.currency)}
                      </TableCell>
                      <TableCell align="right">{s.lineCount}</TableCell>
                      <TableCell align="right">
                        {s.availableActions?.includes('accept_high_confidence') && (
                          <Button
                            size="small"
                            startIcon={<Check />}
                            data-testid="accept-high"
                            onClick={() =>
                              void run(async () => {
                                const result = await acceptHigh.mutateAsync({ statementId: s.id });
                                setMessage(
                                  t('banking.acceptedHigh', {
                                    count: result.acceptHighConfidenceMatches?.result?.length ?? 0,
                                  }),
                                );
                              })
                            }
                          >
                            {t('banking.acceptHigh')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>,
                  ]
                : [],
            )}
          </TableBody>
        </Table>
      </Paper>
      <DataTable<Line, SortKey>
        testId="bank-lines"
        columns={[
          {
            field: 'valueDate',
            kind: 'date',
            header: 'banking.valueDate',
            sortKey: 'VALUE_DATE',
            format: (row) => formatDate(row.valueDate, language),
          },
          {
            field: 'amount',
            header: 'banking.amount',
            sortKey: 'AMOUNT',
            kind: 'money',
            currency: (row) => row.currency,
          },
          { field: 'counterpartyName', header: 'banking.counterparty' },
          { field: 'remittance', header: 'banking.remittance', kind: 'text' },
          {
            field: 'status',
            kind: 'name',
            header: 'banking.status',
            format: (row) =>
              row.status === 'ignored' && row.ignoreNote
                ? `${t(`banking.statuses.${row.status}`)}: ${row.ignoreNote}`
                : t(`banking.statuses.${row.status}`),
          },
          {
            field: 'suggestionConfidence',
            kind: 'name',
            header: 'banking.suggestion',
            format: (row) =>
              row.status === 'unmatched' && row.suggestionConfidence
                ? `${row.suggestedInvoice?.invoiceRef ?? row.suggestedBill?.invoiceRef ?? row.suggestedBill?.name ?? ''} · ${t(`banking.confidence.${row.suggestionConfidence}`)}`
                : '',
          },
        ]}
        rows={lines.rows}
        totalCount={lines.totalCount}
        loading={lines.loading}
        error={lines.error}
        onRetry={lines.refetch}
        page={table.state.page}
        pageSize={table.state.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.state.sort}
        onSortChange={table.setSort}
        emptyText={t('banking.noLines')}
        pinActions
        toolbar={
          <>
            {VIEWS.map((value) => (
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
          <>
            {row.availableActions?.includes('accept') && (
              <Tooltip title={t('banking.match')}>
                <IconButton
                  size="small"
                  aria-label={t('banking.match')}
                  data-testid="match"
                  onClick={() => setMatching(row.id)}
                >
                  <LinkIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {row.availableActions?.includes('ignore') && (
              <Tooltip title={t('banking.notAPayment')}>
                <IconButton
                  size="small"
                  aria-label={t('banking.notAPayment')}
                  data-testid="ignore"
                  onClick={() => {
                    setNote('');
                    setIgnoring(row);
                  }}
                >
                  <Block fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {row.availableActions?.includes('undo') && (
              <Tooltip title={t('banking.undo')}>
                <IconButton
                  size="small"
                  aria-label={t('banking.undo')}
                  data-testid="undo"
                  onClick={() =>
                    void run(() => undo.mutateAsync({ lineId: row.id }), t('banking.undone'))
                  }
                >
                  <Undo fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      <MatchDialog lineId={matching} onClose={() => setMatching(undefined)} />
      {ignoring && (
        <IgnoreDialog
          note={note}
          onNote={setNote}
          onClose={() => setIgnoring(undefined)}
          onSubmit={() =>
            run(async () => {
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

function IgnoreDialog(props: {
  note: string;
  onNote: (note: string) => void;
  onClose: () => void;
  onSubmit: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={8}
      sx={{ position: 'fixed', right: 24, bottom: 24, p: 2, width: 420, zIndex: 1300 }}
      data-testid="ignore-dialog"
      role="dialog"
      aria-label={t('banking.notAPayment')}
    >
      <Typography variant="subtitle1" gutterBottom>
        {t('banking.notAPayment')}
      </Typography>
      <TextField
        fullWidth
        autoFocus
        size="small"
        label={t('banking.note')}
        helperText={t('banking.noteHelp')}
        value={props.note}
        onChange={(e) => props.onNote(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'ignore-note' } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="ignore-submit"
          disabled={!props.note.trim()}
          onClick={() => void props.onSubmit()}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

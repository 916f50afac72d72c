import { Add, Archive, FilterList, OpenInNew, TaskAlt, Unarchive } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Snackbar,
  Stack,
  TextField,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AllBillsDocument,
  SetBillDeletedDocument,
  ValidateBillDocument,
  UnpaidBillsDocument,
  type AllBillsQuery,
  type BillOrderBy,
  type UnpaidBillsQuery,
} from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { useGraphQLMutation, useListQuery } from '../../api/hooks.ts';
import { DataTable, type Column, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/export/index.ts';
import { api } from '../../app/services.ts';
import { BillFilterDialog } from './BillFilterDialog.tsx';
import {
  pagingVariables,
  useTableState,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import {
  BILLS_TABLE,
  UNPAID_TABLE,
  billsFilter,
  type BillSortKey,
  type BillsFilters,
} from './filters.ts';
import { companyName, periodLabel } from './names.ts';
import { daysOverdue } from './overdue.ts';

type BillRow = NonNullable<AllBillsQuery['allBills']>['nodes'][number] & { id: number };
type UnpaidRow = NonNullable<UnpaidBillsQuery['allBills']>['nodes'][number] & { id: number };

/** Bills (SPEC §2): the table of every bill, and the unpaid view (`?unpaid=1`). */
export default function BillsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const unpaid = table.state.filters.unpaid;
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {t('titles.bills')}
        </Typography>
        <Tabs value={unpaid ? 'unpaid' : 'all'} aria-label={t('bills.views')}>
          <Tab
            value="all"
            label={t('bills.viewAll')}
            component={Link}
            to="/bills"
            data-testid="view-all"
          />
          <Tab
            value="unpaid"
            label={t('bills.viewUnpaid')}
            component={Link}
            to="/bills?unpaid=1"
            data-testid="view-unpaid"
          />
        </Tabs>
        <Box sx={{ flexGrow: 1 }} />
        {permissions.billWrite && (
          <Button
            variant="contained"
            startIcon={<Add />}
            component={Link}
            to="/bills/new"
            data-testid="add-bill"
          >
            {t('bills.add')}
          </Button>
        )}
      </Stack>
      {unpaid ? <UnpaidBillsTable /> : <AllBillsTable />}
    </Box>
  );
}

function OpenBill({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      component={Link}
      to={`/bills/${id}`}
      aria-label={t('bills.open', { id })}
      data-testid="open-bill"
    >
      <OpenInNew fontSize="small" />
    </IconButton>
  );
}

/** The quick actions of a row the server allows: validate, archive, unarchive (the rest on the
 *  bill's page). */
function RowActions({ row, onFailure }: { row: BillRow; onFailure: (error: unknown) => void }) {
  const { t } = useTranslation();
  const changes = ['Bill', 'Cost', 'Payment'] as const;
  const validate = useGraphQLMutation(ValidateBillDocument, changes);
  const setDeleted = useGraphQLMutation(SetBillDeletedDocument, changes);
  const allowed = new Set(row.availableActions ?? []);
  const run = (work: () => Promise<unknown>) => void work().catch(onFailure);
  return (
    <>
      {allowed.has('validate') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowValidate', { id: row.id })}
          onClick={() => run(() => validate.mutateAsync({ billId: row.id }))}
          data-testid="row-validate"
        >
          <TaskAlt fontSize="small" />
        </IconButton>
      )}
      {allowed.has('archive') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowArchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: true }))}
          data-testid="row-archive"
        >
          <Archive fontSize="small" />
        </IconButton>
      )}
      {allowed.has('unarchive') && (
        <IconButton
          size="small"
          aria-label={t('bills.rowUnarchive', { id: row.id })}
          onClick={() => run(() => setDeleted.mutateAsync({ billId: row.id, isDeleted: false }))}
          data-testid="row-unarchive"
        >
          <Unarchive fontSize="small" />
        </IconButton>
      )}
    </>
  );
}

/** A text filter applied on Enter or when the field is left (one history entry per change). */
function TextFilter(props: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  testId: string;
  valid?: (value: string) => boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const invalid = Boolean(text.trim()) && props.valid !== undefined && !props.valid(text.trim());
  const commit = () => {
    if (!invalid) props.onCommit(text.trim());
  };
  return (
    <TextField
      size="small"
      fullWidth
      label={t(props.label)}
      value={text}
      error={invalid}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      onBlur={commit}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    />
  );
}

interface Named {
  shortName?: string | null;
  legalName?: string | null;
  name?: string | null;
}

function useFilterChips(
  table: ReturnType<typeof useTableState<BillsFilters, BillSortKey>>,
  /** A row of the list: a record filter linked by its id alone (from home) is named after it. */
  first?: Partial<Record<'client' | 'subsidiary' | 'project' | 'service', Named | null>>,
): FilterChip[] {
  const { t, i18n } = useTranslation();
  const f = table.state.filters;
  const chips: FilterChip[] = [];
  const text = (key: keyof BillsFilters, value: string) => {
    if (value)
      chips.push({
        id: key,
        label: t(`bills.chip.${key}`, { value }),
        onRemove: () => table.setFilter(key, BILLS_TABLE.filters[key].initial as never),
      });
  };
  text('search', f.search);
  text('year', f.year);
  text('month', f.month ? t(`bills.months.${f.month}`) : '');
  for (const key of ['client', 'subsidiary', 'project', 'service'] as const) {
    const record = f[key];
    const shown = first?.[key];
    text(
      key,
      !record
        ? ''
        : record.label === record.id && shown
          ? shown.name || companyName(shown)
          : record.label,
    );
  }
  text('status', f.status ? t(`statuses.${f.status}`) : '');
  text('currency', f.currency.toUpperCase());
  text('dueFrom', f.dueFrom ? formatDate(f.dueFrom.toISOString(), i18n.language) : '');
  text('dueTo', f.dueTo ? formatDate(f.dueTo.toISOString(), i18n.language) : '');
  text('amountFrom', f.amountFrom ? formatMoney(f.amountFrom, i18n.language) : '');
  text('amountTo', f.amountTo ? formatMoney(f.amountTo, i18n.language) : '');
  text('archived', f.archived !== 'live' ? t(`bills.archivedChoice.${f.archived}`) : '');
  return chips;
}

function AllBillsTable() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const [showFilters, setShowFilters] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const data = useListQuery(
    AllBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter: billsFilter(table.state.filters) },
    { reads: ['Bill', 'Payment', 'Company', 'Project', 'Service', 'User', 'File'] },
    (result) => result.allBills,
  );
  const chips = useFilterChips(table, data.rows[0]);
  const lang = i18n.language;
  const yesNo = (value: boolean | null | undefined) => (value ? t('common.yes') : t('common.no'));
  const columns: Column<BillRow, BillSortKey>[] = [
    { field: 'id', header: 'bills.id', sortKey: 'ID', width: 90 },
    {
      field: 'name',
      header: 'bills.name',
      sortKey: 'NAME',
      width: 240,
      link: (row) => `/bills/${row.id}`,
    },
    { field: 'description', header: 'bills.description', width: 200, hidden: true },
    {
      field: 'client',
      header: 'bills.client',
      width: 170,
      format: (row) => companyName(row.client),
    },
    {
      field: 'subsidiary',
      header: 'bills.subsidiary',
      width: 170,
      format: (row) => companyName(row.subsidiary),
    },
    {
      field: 'project',
      header: 'bills.project',
      width: 150,
      format: (row) => row.project?.name ?? '',
    },
    {
      field: 'service',
      header: 'bills.service',
      width: 150,
      format: (row) => row.service?.name ?? '',
    },
    {
      field: 'period',
      header: 'bills.period',
      sortKey: 'PERIOD',
      width: 120,
      format: (row) => periodLabel(t, row.period, row.year),
    },
    { field: 'currency', header: 'bills.currency', sortKey: 'CURRENCY', width: 100 },
    {
      field: 'amount',
      header: 'bills.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
      width: 150,
    },
    {
      field: 'amountUsd',
      header: 'bills.amountUsd',
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
      width: 150,
    },
    {
      field: 'vat',
      header: 'bills.vat',
      width: 90,
      format: (row) => t('bills.percent', { value: formatMoney(row.vat, lang) }),
    },
    {
      field: 'amountWVat',
      header: 'bills.amountWVat',
      sortKey: 'AMOUNT_W_VAT',
      kind: 'money',
      currency: (row) => row.currency,
      width: 160,
    },
    {
      field: 'amountUsdWVat',
      header: 'bills.amountUsdWVat',
      kind: 'money',
      currency: 'USD',
      width: 160,
    },
    { field: 'invoiceRef', header: 'bills.invoiceRef', width: 150 },
    {
      field: 'dueDate',
      header: 'bills.dueDate',
      sortKey: 'DUE_DATE',
      width: 130,
      format: (row) => formatDate(row.dueDate, lang),
    },
    {
      field: 'invoiceDate',
      header: 'bills.invoiceDate',
      sortKey: 'INVOICE_DATE',
      width: 130,
      format: (row) => formatDate(row.invoiceDate, lang),
    },
    {
      field: 'act',
      header: 'bills.act',
      width: 160,
      hidden: true,
      format: (row) => row.act?.name ?? '',
    },
    {
      field: 'createdAt',
      header: 'bills.created',
      sortKey: 'CREATED_AT',
      width: 230,
      format: (row) =>
        [formatDateTime(row.createdAt, lang), row.createdByName ?? ''].filter(Boolean).join(', '),
    },
    {
      field: 'closedByName',
      hidden: true,
      header: 'bills.closedBy',
      width: 150,
      format: (row) => row.closedByName ?? '',
    },
    {
      field: 'hasPayments',
      hidden: true,
      header: 'bills.hasPayments',
      width: 110,
      format: (row) => yesNo(row.hasPayments),
    },
    {
      field: 'lastPaymentDate',
      header: 'bills.lastPaymentDate',
      width: 150,
      format: (row) => formatDate(row.lastPaymentDate, lang),
    },
    {
      field: 'isDeleted',
      hidden: true,
      header: 'bills.archived',
      sortKey: 'IS_DELETED',
      width: 110,
      format: (row) => yesNo(row.isDeleted),
    },
    { field: 'status', header: 'bills.status', kind: 'status', width: 140 },
  ];
  return (
    <>
      <BillFilterDialog
        open={showFilters}
        filters={table.state.filters}
        onApply={table.setFilters}
        onClose={() => setShowFilters(false)}
      />
      <DataTable<BillRow, BillSortKey>
        usdNote
        testId="bills-table"
        columns={columns}
        columnChooser="bills"
        pinActions
        rows={data.rows}
        totalCount={data.totalCount}
        loading={data.loading}
        error={data.error}
        onRetry={data.refetch}
        page={table.state.page}
        pageSize={table.state.pageSize}
        onPageChange={table.setPage}
        onPageSizeChange={table.setPageSize}
        sort={table.state.sort}
        onSortChange={table.setSort}
        filters={chips}
        summary={{ amount: 'amountUsd', total: 'amountUsdWVat', currency: 'USD' }}
        emptyText={t('bills.empty')}
        toolbar={
          <>
            <Box sx={{ width: 320 }}>
              <TextFilter
                label="bills.filter.search"
                value={table.state.filters.search}
                onCommit={(v) => table.setFilter('search', v)}
                testId="search"
              />
            </Box>
            <Button
              startIcon={<FilterList />}
              onClick={() => setShowFilters(true)}
              data-testid="toggle-filters"
            >
              {t('bills.showFilters')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('titles.bills')}
              columns={columns}
              disabled={data.totalCount === 0}
              loadPage={async (first, offset) => {
                const result = await api.request(AllBillsDocument, {
                  first,
                  offset,
                  orderBy: pagingVariables<BillOrderBy>(table.state).orderBy,
                  filter: billsFilter(table.state.filters),
                });
                return result.allBills?.nodes ?? [];
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

function UnpaidBillsTable() {
  const { t, i18n } = useTranslation();
  const table = useTableState(UNPAID_TABLE as TableConfig<BillsFilters, BillSortKey>);
  const data = useListQuery(
    UnpaidBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter: billsFilter(table.state.filters) },
    { reads: ['Bill', 'Payment', 'Company'] },
    (result) => result.allBills,
  );
  const lang = i18n.language;
  const columns: Column<UnpaidRow, BillSortKey>[] = [
    { field: 'id', header: 'bills.id', sortKey: 'ID', width: 80 },
    {
      field: 'name',
      header: 'bills.name',
      sortKey: 'NAME',
      flex: 2,
      minWidth: 200,
      link: (row) => `/bills/${row.id}`,
    },
    {
      field: 'client',
      header: 'bills.client',
      flex: 1,
      minWidth: 140,
      format: (row) => companyName(row.client),
    },
    {
      field: 'amountWVat',
      header: 'bills.amountWVat',
      sortKey: 'AMOUNT_W_VAT',
      kind: 'money',
      currency: (row) => row.currency,
      width: 150,
    },
    {
      field: 'remainingAmount',
      header: 'bills.remaining',
      kind: 'money',
      currency: (row) => row.currency,
      width: 160,
    },
    {
      field: 'dueDate',
      header: 'bills.dueDate',
      sortKey: 'DUE_DATE',
      width: 140,
      format: (row) => formatDate(row.dueDate, lang),
    },
    {
      field: 'lastPaymentDate',
      header: 'bills.daysOverdue',
      width: 120,
      format: (row) => {
        const days = daysOverdue(row.dueDate);
        return days > 0 ? t('bills.days', { count: days }) : '';
      },
    },
    { field: 'paymentStatus', header: 'bills.paymentStatus', kind: 'status', width: 170 },
  ];
  return (
    <DataTable<UnpaidRow, BillSortKey>
      usdNote
      testId="unpaid-bills-table"
      columns={columns}
      columnChooser="unpaidBills"
      rows={data.rows}
      totalCount={data.totalCount}
      loading={data.loading}
      error={data.error}
      onRetry={data.refetch}
      page={table.state.page}
      pageSize={table.state.pageSize}
      onPageChange={table.setPage}
      onPageSizeChange={table.setPageSize}
      sort={table.state.sort}
      onSortChange={table.setSort}
      filters={useFilterChips(table, data.rows[0])}
      emptyText={t('bills.unpaidEmpty')}
      toolbar={
        <Box sx={{ width: 320 }}>
          <TextFilter
            label="bills.filter.search"
            value={table.state.filters.search}
            onCommit={(v) => table.setFilter('search', v)}
            testId="search"
          />
        </Box>
      }
      rowActions={(row) => <OpenBill id={row.id} />}
    />
  );
}

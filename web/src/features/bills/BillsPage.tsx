import { Add, FilterList, OpenInNew } from '@mui/icons-material';
import {
  Box,
  Button,
  Collapse,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AllBillsDocument,
  UnpaidBillsDocument,
  type AllBillsQuery,
  type BillOrderBy,
  type UnpaidBillsQuery,
} from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { DataTable, type Column, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import {
  pagingVariables,
  useTableState,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import {
  ARCHIVED_CHOICES,
  BILL_STATUSES,
  BILLS_TABLE,
  DECIMAL,
  UNPAID_TABLE,
  billsFilter,
  type BillSortKey,
  type BillsFilters,
} from './filters.ts';
import { companyName, personName, periodLabel } from './names.ts';
import { daysOverdue } from './overdue.ts';

type BillRow = NonNullable<AllBillsQuery['allBills']>['nodes'][number] & { id: number };
type UnpaidRow = NonNullable<UnpaidBillsQuery['allBills']>['nodes'][number] & { id: number };

/** Bills (SPEC §2): the table of every bill, and the unpaid view (`?payment=unpaid`). */
export default function BillsPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const unpaid = table.state.filters.payment === 'unpaid';
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {t('titles.bills')}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={unpaid ? 'unpaid' : 'all'}>
          <ToggleButton value="all" component={Link} to="/bills" data-testid="view-all">
            {t('bills.viewAll')}
          </ToggleButton>
          <ToggleButton
            value="unpaid"
            component={Link}
            to="/bills?payment=unpaid"
            data-testid="view-unpaid"
          >
            {t('bills.viewUnpaid')}
          </ToggleButton>
        </ToggleButtonGroup>
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

function useFilterChips(
  table: ReturnType<typeof useTableState<BillsFilters, BillSortKey>>,
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
  text('client', f.client);
  text('project', f.project);
  text('service', f.service);
  text('status', f.status ? t(`statuses.${f.status}`) : '');
  text('currency', f.currency.toUpperCase());
  text('dueFrom', f.dueFrom ? formatDate(f.dueFrom.toISOString(), i18n.language) : '');
  text('dueTo', f.dueTo ? formatDate(f.dueTo.toISOString(), i18n.language) : '');
  text('amountFrom', f.amountFrom ? formatMoney(f.amountFrom, i18n.language) : '');
  text('amountTo', f.amountTo ? formatMoney(f.amountTo, i18n.language) : '');
  text('archived', f.archived !== 'live' ? t(`bills.archivedChoice.${f.archived}`) : '');
  return chips;
}

function BillFilters({
  table,
}: {
  table: ReturnType<typeof useTableState<BillsFilters, BillSortKey>>;
}) {
  const { t } = useTranslation();
  const f = table.state.filters;
  const select = (
    key: 'month' | 'status' | 'archived',
    values: readonly string[],
    label: (value: string) => string,
    withAny: boolean,
  ) => (
    <TextField
      select
      size="small"
      fullWidth
      label={t(`bills.filter.${key}`)}
      value={f[key]}
      onChange={(e) => table.setFilter(key, e.target.value as never)}
      slotProps={{ htmlInput: { 'data-testid': `filter-${key}` } }}
    >
      {withAny && <MenuItem value="">{t('bills.any')}</MenuItem>}
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {label(value)}
        </MenuItem>
      ))}
    </TextField>
  );
  const cell = { xs: 12, sm: 6, md: 3, lg: 2 };
  return (
    <Grid container spacing={2} sx={{ mb: 2 }} data-testid="bill-filters">
      <Grid size={cell}>
        <TextFilter
          label="bills.filter.year"
          value={f.year}
          valid={(v) => /^\d{4}$/.test(v)}
          onCommit={(v) => table.setFilter('year', v)}
          testId="filter-year"
        />
      </Grid>
      <Grid size={cell}>
        {select(
          'month',
          Array.from({ length: 12 }, (_, i) => String(i + 1)),
          (m) => t(`bills.months.${m}`),
          true,
        )}
      </Grid>
      <Grid size={cell}>{select('status', BILL_STATUSES, (s) => t(`statuses.${s}`), true)}</Grid>
      <Grid size={cell}>
        {select('archived', ARCHIVED_CHOICES, (a) => t(`bills.archivedChoice.${a}`), false)}
      </Grid>
      <Grid size={cell}>
        <TextFilter
          label="bills.filter.currency"
          value={f.currency}
          valid={(v) => /^[A-Za-z]{3}$/.test(v)}
          onCommit={(v) => table.setFilter('currency', v.toUpperCase())}
          testId="filter-currency"
        />
      </Grid>
      {(['client', 'project', 'service'] as const).map((key) => (
        <Grid size={cell} key={key}>
          <TextFilter
            label={`bills.filter.${key}`}
            value={f[key]}
            onCommit={(v) => table.setFilter(key, v)}
            testId={`filter-${key}`}
          />
        </Grid>
      ))}
      <Grid size={cell}>
        <DatePicker
          label={t('bills.filter.dueFrom')}
          value={f.dueFrom}
          onChange={(value) => table.setFilter('dueFrom', value)}
          slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
        />
      </Grid>
      <Grid size={cell}>
        <DatePicker
          label={t('bills.filter.dueTo')}
          value={f.dueTo}
          onChange={(value) => table.setFilter('dueTo', value)}
          slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
        />
      </Grid>
      <Grid size={cell}>
        <TextFilter
          label="bills.filter.amountFrom"
          value={f.amountFrom}
          valid={(v) => DECIMAL.test(v)}
          onCommit={(v) => table.setFilter('amountFrom', v)}
          testId="filter-amountFrom"
        />
      </Grid>
      <Grid size={cell}>
        <TextFilter
          label="bills.filter.amountTo"
          value={f.amountTo}
          valid={(v) => DECIMAL.test(v)}
          onCommit={(v) => table.setFilter('amountTo', v)}
          testId="filter-amountTo"
        />
      </Grid>
    </Grid>
  );
}

function AllBillsTable() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(BILLS_TABLE);
  const [showFilters, setShowFilters] = useState(false);
  const data = useListQuery(
    AllBillsDocument,
    { ...pagingVariables<BillOrderBy>(table.state), filter: billsFilter(table.state.filters) },
    { reads: ['Bill', 'Payment', 'Company', 'Project', 'Service', 'User', 'File'] },
    (result) => result.allBills,
  );
  const chips = useFilterChips(table);
  const lang = i18n.language;
  const yesNo = (value: boolean | null | undefined) => (value ? t('common.yes') : t('common.no'));
  const columns: Column<BillRow, BillSortKey>[] = [
    { field: 'id', header: 'bills.id', sortKey: 'ID', width: 90 },
    { field: 'name', header: 'bills.name', sortKey: 'NAME', width: 220 },
    { field: 'description', header: 'bills.description', width: 200 },
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
    { field: 'act', header: 'bills.act', width: 160, format: (row) => row.act?.name ?? '' },
    {
      field: 'createdAt',
      header: 'bills.created',
      sortKey: 'CREATED_AT',
      width: 230,
      format: (row) =>
        [formatDateTime(row.createdAt, lang), personName(row.userByCreatedBy)]
          .filter(Boolean)
          .join(', '),
    },
    {
      field: 'userByClosedBy',
      header: 'bills.closedBy',
      width: 150,
      format: (row) => personName(row.userByClosedBy),
    },
    {
      field: 'hasPayments',
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
      header: 'bills.archived',
      sortKey: 'IS_DELETED',
      width: 110,
      format: (row) => yesNo(row.isDeleted),
    },
    { field: 'status', header: 'bills.status', kind: 'status', width: 140 },
  ];
  return (
    <>
      <Collapse in={showFilters}>
        <BillFilters table={table} />
      </Collapse>
      <DataTable<BillRow, BillSortKey>
        testId="bills-table"
        columns={columns}
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
              onClick={() => setShowFilters((shown) => !shown)}
              aria-expanded={showFilters}
              data-testid="toggle-filters"
            >
              {showFilters ? t('bills.hideFilters') : t('bills.showFilters')}
            </Button>
          </>
        }
        rowActions={(row) => <OpenBill id={row.id} />}
      />
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
    { field: 'name', header: 'bills.name', sortKey: 'NAME', flex: 2, minWidth: 200 },
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
      testId="unpaid-bills-table"
      columns={columns}
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
      filters={useFilterChips(table).filter((chip) => chip.id !== 'payment')}
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

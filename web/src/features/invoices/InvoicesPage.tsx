import { Add, FilterList } from '@mui/icons-material';
import { Alert, Box, Button, Snackbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { AllInvoicesDocument, type AllInvoicesQuery } from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { DataTable, type Column, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { InvoiceBulkActions, type BulkOutcome } from './InvoiceBulkActions.tsx';
import { InvoiceFilterDialog } from './InvoiceFilterDialog.tsx';
import {
  INVOICE_TABLE,
  invoiceFilter,
  type InvoiceFilters,
  type InvoiceSortKey,
} from './invoice-filters.ts';

type Invoice = NonNullable<AllInvoicesQuery['allInvoices']>['nodes'][number] & { id: number };

const company = (value: { legalName: string; shortName?: string | null } | null | undefined) =>
  value ? (value.shortName ?? value.legalName) : '';

/** The invoices table (SPEC §2): filters, sort and page in the URL, bulk actions, export. */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const { permissions, user } = useSession();
  const language = i18n.language;
  const table = useTableState(INVOICE_TABLE);
  const { filters } = table.state;
  const [filtering, setFiltering] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome>();
  const filter = invoiceFilter(filters, new Date());
  const data = useListQuery(
    AllInvoicesDocument,
    { ...pagingVariables(table.state), filter },
    { reads: ['Invoice', 'Cost', 'Payment'] },
    (result) => result.allInvoices,
  );

  const date = (value: string | null | undefined) => formatDate(value, language);
  const yesNo = (value: boolean | null | undefined) => t(value ? 'common.yes' : 'common.no');
  const partial = data.rows.some((row) => (row.hiddenCostCount ?? 0) > 0);
  const columns: Column<Invoice, InvoiceSortKey>[] = [
    {
      field: 'id',
      header: 'invoices.columns.id',
      sortKey: 'ID',
      width: 80,
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'invoiceRef',
      header: 'invoices.columns.number',
      sortKey: 'INVOICE_REF',
      flex: 1.5,
      width: 170,
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'subsidiary',
      header: 'invoices.columns.subsidiary',
      format: (row) => company(row.subsidiary),
      flex: 1.2,
    },
    {
      field: 'supplier',
      header: 'invoices.columns.supplier',
      format: (row) => company(row.supplier),
      flex: 1.2,
    },
    {
      field: 'currency',
      header: 'invoices.columns.currency',
      sortKey: 'CURRENCY',
      width: 100,
      hidden: true,
    },
    {
      field: 'amount',
      header: 'invoices.columns.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
      hidden: true,
    },
    {
      field: 'amountUsd',
      header: 'invoices.columns.amountUsd',
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
      hidden: true,
    },
    {
      field: 'amountWVat',
      header: 'invoices.columns.amountWVat',
      sortKey: 'AMOUNT_W_VAT',
      kind: 'money',
      currency: (row) => row.currency,
      flex: 1.2,
    },
    {
      field: 'amountUsdWVat',
      header: 'invoices.columns.amountUsdWVat',
      kind: 'money',
      currency: 'USD',
      flex: 1.2,
    },
    // Shown when a row of the page is only partly visible (a project-limited account).
    ...(partial
      ? ([
          {
            field: 'visibleAmountWVat',
            header: 'partialInvoices.columns.visibleAmountWVat',
            kind: 'money',
            currency: (row) => row.currency,
            flex: 1.2,
            minWidth: 170,
            alwaysShown: true,
          },
          {
            field: 'hiddenCostCount',
            header: 'partialInvoices.columns.hiddenCostCount',
            format: (row) =>
              row.hiddenCostCount
                ? t('partialInvoices.hiddenShort', { count: row.hiddenCostCount })
                : '',
            flex: 1.2,
            alwaysShown: true,
          },
        ] satisfies Column<Invoice, InvoiceSortKey>[])
      : []),
    {
      field: 'invoiceDate',
      header: 'invoices.columns.invoiceDate',
      sortKey: 'INVOICE_DATE',
      format: (row) => date(row.invoiceDate),
      width: 120,
    },
    {
      field: 'dueDate',
      header: 'invoices.columns.dueDate',
      sortKey: 'DUE_DATE',
      format: (row) => date(row.dueDate),
      width: 120,
    },
    {
      field: 'createdAt',
      header: 'common.createdAt',
      sortKey: 'CREATED_AT',
      format: (row) => formatDateTime(row.createdAt, language),
      hidden: true,
    },
    {
      field: 'createdByName',
      header: 'invoices.columns.createdBy',
      format: (row) => row.createdByName ?? '',
      hidden: true,
    },
    {
      field: 'validatedByName',
      header: 'invoices.columns.validatedBy',
      format: (row) => row.validatedByName ?? '',
      hidden: true,
    },
    {
      field: 'closedByName',
      header: 'invoices.columns.closedBy',
      format: (row) => row.closedByName ?? '',
      hidden: true,
    },
    {
      field: 'hasPayments',
      header: 'invoices.columns.hasPayments',
      format: (row) => yesNo(row.hasPayments),
      hidden: true,
    },
    {
      field: 'lastPaymentDate',
      header: 'invoices.columns.lastPaymentDate',
      format: (row) => date(row.lastPaymentDate),
      hidden: true,
    },
    {
      field: 'isDeleted',
      header: 'invoices.columns.archived',
      format: (row) => yesNo(row.isDeleted),
      hidden: true,
    },
    { field: 'status', header: 'invoices.columns.status', kind: 'status', width: 140 },
  ];

  // A record filter linked by id alone (from home) is named after what the rows show.
  const first = data.rows[0];
  const named: InvoiceFilters = {
    ...filters,
    subsidiary:
      filters.subsidiary && filters.subsidiary.label === filters.subsidiary.id && first
        ? { ...filters.subsidiary, label: company(first.subsidiary) }
        : filters.subsidiary,
    createdBy:
      filters.createdBy && filters.createdBy.id === user?.id
        ? { ...filters.createdBy, label: t('invoices.chips.me') }
        : filters.createdBy,
  };
  const chips = filterChips(named, (key, value) => table.setFilter(key, value), t, language);

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.invoices')}
      </Typography>
      <DataTable<Invoice, InvoiceSortKey>
        usdNote
        testId="invoices-table"
        columns={columns}
        columnChooser="invoices"
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
        emptyText={t('invoices.empty')}
        toolbar={
          <>
            {permissions.invoiceWrite && (
              <Button
                variant="contained"
                startIcon={<Add />}
                component={RouterLink}
                to="/invoices/new"
                data-testid="new-invoice"
              >
                {t('invoices.new')}
              </Button>
            )}
            <Button
              startIcon={<FilterList />}
              onClick={() => setFiltering(true)}
              data-testid="open-filters"
            >
              {t('filters.title')}
            </Button>
            <ExportButton
              title={t('titles.invoices')}
              columns={columns}
              loadPage={async (first, offset) => {
                const result = await api.request(AllInvoicesDocument, {
                  ...pagingVariables(table.state),
                  first,
                  offset,
                  filter,
                });
                return result.allInvoices?.nodes ?? [];
              }}
            />
          </>
        }
        bulkActions={(selected) => (
          <InvoiceBulkActions selected={selected} columns={columns} onDone={setOutcome} />
        )}
      />
      <InvoiceFilterDialog
        open={filtering}
        filters={filters}
        onApply={table.setFilters}
        onClose={() => setFiltering(false)}
      />
      <Snackbar
        open={Boolean(outcome)}
        autoHideDuration={8000}
        onClose={() => setOutcome(undefined)}
      >
        {outcome ? (
          <Alert
            severity={'ok' in outcome ? 'success' : 'error'}
            onClose={() => setOutcome(undefined)}
            data-testid="bulk-outcome"
          >
            {'ok' in outcome ? outcome.ok : errorMessage(t, outcome.error)}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}

/** A removable chip for each filter set. */
function filterChips(
  filters: InvoiceFilters,
  clear: <K extends keyof InvoiceFilters>(key: K, value: InvoiceFilters[K]) => void,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const chip = <K extends keyof InvoiceFilters>(key: K, empty: InvoiceFilters[K], value: string) =>
    chips.push({
      id: key,
      label: t(`invoices.chips.${key}`, { value }),
      onRemove: () => clear(key, empty),
    });
  const date = (value: Date) => formatDate(value, language);
  if (filters.search) chip('search', '', filters.search);
  if (filters.status) chip('status', '', t(`statuses.${filters.status}`));
  if (filters.subsidiary) chip('subsidiary', null, filters.subsidiary.label);
  if (filters.supplier) chip('supplier', null, filters.supplier.label);
  if (filters.currency) chip('currency', '', filters.currency);
  if (filters.invoiceFrom) chip('invoiceFrom', null, date(filters.invoiceFrom));
  if (filters.invoiceTo) chip('invoiceTo', null, date(filters.invoiceTo));
  if (filters.dueFrom) chip('dueFrom', null, date(filters.dueFrom));
  if (filters.dueTo) chip('dueTo', null, date(filters.dueTo));
  if (filters.amountFrom) chip('amountFrom', '', formatMoney(filters.amountFrom, language));
  if (filters.amountTo) chip('amountTo', '', formatMoney(filters.amountTo, language));
  if (filters.hasPayments) chip('hasPayments', '', t(`common.${filters.hasPayments}`));
  if (filters.archived) chip('archived', '', t(`invoices.filters.archived_${filters.archived}`));
  if (filters.overdue) chip('overdue', false, '');
  if (filters.unpaid) chip('unpaid', false, '');
  if (filters.createdBy) chip('createdBy', null, filters.createdBy.label);
  return chips;
}

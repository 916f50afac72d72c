import { Add, FilterList } from '@mui/icons-material';
import { Alert, Box, Button, Snackbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { AllInvoicesDocument } from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { DataTable, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import { ExportButton, connectionPage } from '../../components/export/index.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { filterChips } from '../../components/DataTable/filter-chips.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { InvoiceBulkActions, type BulkOutcome } from './InvoiceBulkActions.tsx';
import { InvoiceFilterDialog } from './InvoiceFilterDialog.tsx';
import { invoiceColumns, type Invoice } from './columns.ts';
import { companyName } from '../../components/names.ts';
import {
  ARCHIVED_LABELS,
  INVOICE_TABLE,
  invoiceFilter,
  type InvoiceFilters,
  type InvoiceSortKey,
} from './invoice-filters.ts';

const company = companyName;

/** The invoices table (SPEC §2): filters, sort and page in the URL, bulk actions, export. */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const { permissions, user } = useSession();
  const language = i18n.language;
  const table = useTableState(INVOICE_TABLE);
  const { filters } = table.state;
  const [filtering, setFiltering] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome>();
  const filter = invoiceFilter(filters);
  const data = useListQuery(
    AllInvoicesDocument,
    { ...pagingVariables(table.state), filter },
    { reads: ['Invoice', 'Cost', 'Payment'] },
    (result) => result.allInvoices,
  );

  const partial = data.rows.some((row) => (row.hiddenCostCount ?? 0) > 0);
  const columns = invoiceColumns(t, language, partial);

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
  const chips = invoiceChips(named, (key, value) => table.setFilter(key, value), t, language);

  // One page of the rows the filters match, after a cursor (exports and "select all matching").
  const loadPage = async (first: number, after: string | null) => {
    const result = await api.request(AllInvoicesDocument, {
      ...pagingVariables(table.state),
      first,
      offset: 0,
      after,
      filter,
    });
    return connectionPage(result.allInvoices);
  };

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
        {...bindTable(table, data)}
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
            <ExportButton title={t('titles.invoices')} columns={columns} loadPage={loadPage} />
          </>
        }
        loadMatching={loadPage}
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
function invoiceChips(
  filters: InvoiceFilters,
  clear: <K extends keyof InvoiceFilters>(key: K, value: InvoiceFilters[K]) => void,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): FilterChip[] {
  return filterChips({
    filters,
    config: INVOICE_TABLE,
    prefix: 'invoices.chips',
    t,
    language,
    onRemove: clear,
    format: {
      status: (value) => t(`statuses.${value}`),
      amountFrom: (value) => formatMoney(value, language),
      amountTo: (value) => formatMoney(value, language),
      hasPayments: (value) => t(`common.${value}`),
      archived: (value) => t(ARCHIVED_LABELS[value || 'only']),
    },
  });
}

// The invoices table's columns (docs/invoices.md).
import type { TFunction } from 'i18next';
import type { AllInvoicesQuery } from '../../api/generated.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { formatDate, formatDateTime } from '../../components/format.ts';
import { companyName as company } from '../../components/names.ts';
import type { InvoiceSortKey } from './invoice-filters.ts';

export type Invoice = NonNullable<AllInvoicesQuery['allInvoices']>['nodes'][number] & {
  id: number;
};

/** The columns; `partial`: a row of the page is only partly visible (a project-limited account). */
export function invoiceColumns(
  t: TFunction,
  language: string,
  partial: boolean,
): Column<Invoice, InvoiceSortKey>[] {
  const date = (value: string | null | undefined) => formatDate(value, language);
  const yesNo = (value: boolean | null | undefined) => t(value ? 'common.yes' : 'common.no');
  return [
    {
      field: 'id',
      header: 'resources.fields.id',
      sortKey: 'ID',
      kind: 'id',
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'invoiceRef',
      kind: 'name',
      header: 'resources.invoices.fields.invoice_ref',
      sortKey: 'INVOICE_REF',
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'subsidiary',
      header: 'resources.subsidiaries.name',
      format: (row) => company(row.subsidiary),
    },
    {
      field: 'supplier',
      header: 'resources.suppliers.name',
      format: (row) => company(row.supplier),
    },
    {
      field: 'currency',
      header: 'resources.currencies.name',
      sortKey: 'CURRENCY',
      kind: 'short',
      hidden: true,
    },
    {
      field: 'amount',
      header: 'resources.fields.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
      hidden: true,
    },
    {
      field: 'amountUsd',
      header: 'resources.fields.amount_usd',
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
      hidden: true,
    },
    {
      field: 'amountWVat',
      header: 'resources.invoices.fields.amount_w_vat',
      sortKey: 'AMOUNT_W_VAT',
      kind: 'money',
      currency: (row) => row.currency,
    },
    {
      field: 'amountUsdWVat',
      header: 'resources.fields.amount_usd_w_vat',
      kind: 'money',
      currency: 'USD',
    },
    // Shown when a row of the page is only partly visible (a project-limited account).
    ...(partial
      ? ([
          {
            field: 'visibleAmountWVat',
            header: 'partialInvoices.columns.visibleAmountWVat',
            kind: 'money',
            currency: (row) => row.currency,
            alwaysShown: true,
          },
          {
            field: 'hiddenCostCount',
            kind: 'short',
            header: 'resources.invoices.fields.hidden_cost_count',
            format: (row) =>
              row.hiddenCostCount
                ? t('partialInvoices.hiddenShort', { count: row.hiddenCostCount })
                : '',
            alwaysShown: true,
          },
        ] satisfies Column<Invoice, InvoiceSortKey>[])
      : []),
    {
      field: 'invoiceDate',
      kind: 'date',
      header: 'resources.fields.invoice_date',
      sortKey: 'INVOICE_DATE',
      format: (row) => date(row.invoiceDate),
    },
    {
      field: 'dueDate',
      kind: 'date',
      header: 'resources.fields.due_date',
      sortKey: 'DUE_DATE',
      format: (row) => date(row.dueDate),
    },
    {
      field: 'createdAt',
      kind: 'date',
      header: 'common.createdAt',
      sortKey: 'CREATED_AT',
      format: (row) => formatDateTime(row.createdAt, language),
      hidden: true,
    },
    {
      field: 'createdByName',
      header: 'resources.invoices.fields.created_by',
      format: (row) => row.createdByName ?? '',
      hidden: true,
    },
    {
      field: 'validatedByName',
      header: 'resources.invoices.fields.validated_by',
      format: (row) => row.validatedByName ?? '',
      hidden: true,
    },
    {
      field: 'closedByName',
      header: 'resources.fields.closed_by',
      format: (row) => row.closedByName ?? '',
      hidden: true,
    },
    {
      field: 'hasPayments',
      kind: 'short',
      header: 'resources.fields.has_payments',
      format: (row) => yesNo(row.hasPayments),
      hidden: true,
    },
    {
      field: 'lastPaymentDate',
      kind: 'date',
      header: 'resources.fields.last_payment_date',
      format: (row) => date(row.lastPaymentDate),
      hidden: true,
    },
    {
      field: 'isDeleted',
      kind: 'short',
      header: 'resources.fields.is_deleted',
      format: (row) => yesNo(row.isDeleted),
      hidden: true,
    },
    { field: 'status', header: 'resources.fields.status', kind: 'status' },
  ];
}

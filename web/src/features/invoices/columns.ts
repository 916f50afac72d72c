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
      header: 'invoices.columns.id',
      sortKey: 'ID',
      kind: 'id',
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'invoiceRef',
      kind: 'name',
      header: 'invoices.columns.number',
      sortKey: 'INVOICE_REF',
      link: (row) => `/invoices/${row.id}`,
    },
    {
      field: 'subsidiary',
      header: 'invoices.columns.subsidiary',
      format: (row) => company(row.subsidiary),
    },
    {
      field: 'supplier',
      header: 'invoices.columns.supplier',
      format: (row) => company(row.supplier),
    },
    {
      field: 'currency',
      header: 'invoices.columns.currency',
      sortKey: 'CURRENCY',
      kind: 'short',
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
    },
    {
      field: 'amountUsdWVat',
      header: 'invoices.columns.amountUsdWVat',
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
            header: 'partialInvoices.columns.hiddenCostCount',
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
      header: 'invoices.columns.invoiceDate',
      sortKey: 'INVOICE_DATE',
      format: (row) => date(row.invoiceDate),
    },
    {
      field: 'dueDate',
      kind: 'date',
      header: 'invoices.columns.dueDate',
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
      kind: 'short',
      header: 'invoices.columns.hasPayments',
      format: (row) => yesNo(row.hasPayments),
      hidden: true,
    },
    {
      field: 'lastPaymentDate',
      kind: 'date',
      header: 'invoices.columns.lastPaymentDate',
      format: (row) => date(row.lastPaymentDate),
      hidden: true,
    },
    {
      field: 'isDeleted',
      kind: 'short',
      header: 'invoices.columns.archived',
      format: (row) => yesNo(row.isDeleted),
      hidden: true,
    },
    { field: 'status', header: 'invoices.columns.status', kind: 'status' },
  ];
}

// The bills tables' columns (docs/bills.md): every bill, and the unpaid view.
import type { TFunction } from 'i18next';
import type { AllBillsQuery, UnpaidBillsQuery } from '../../api/generated.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { billingPeriod, companyName } from '../../components/names.ts';
import type { BillSortKey } from './filters.ts';
import { daysOverdue } from './overdue.ts';

export type BillRow = NonNullable<AllBillsQuery['allBills']>['nodes'][number] & { id: number };
export type UnpaidRow = NonNullable<UnpaidBillsQuery['allBills']>['nodes'][number] & { id: number };

export function billColumns(t: TFunction, lang: string): Column<BillRow, BillSortKey>[] {
  const yesNo = (value: boolean | null | undefined) => (value ? t('common.yes') : t('common.no'));
  return [
    {
      field: 'id',
      kind: 'id',
      header: 'resources.bills.fields.id',
      sortKey: 'ID',
      link: (row) => `/bills/${row.id}`,
    },
    {
      field: 'name',
      header: 'resources.fields.name',
      sortKey: 'NAME',
      link: (row) => `/bills/${row.id}`,
    },
    { field: 'description', kind: 'text', header: 'bills.description', hidden: true },
    {
      field: 'client',
      header: 'bills.client',
      format: (row) => companyName(row.client),
    },
    {
      field: 'subsidiary',
      hidden: true,
      header: 'bills.subsidiary',
      format: (row) => companyName(row.subsidiary),
    },
    {
      field: 'project',
      hidden: true,
      header: 'bills.project',
      format: (row) => row.project?.name ?? '',
    },
    {
      field: 'service',
      hidden: true,
      header: 'bills.service',
      format: (row) => row.service?.name ?? '',
    },
    {
      field: 'period',
      hidden: true,
      kind: 'date',
      header: 'bills.period',
      sortKey: 'PERIOD',
      format: (row) => billingPeriod(t, row.period, row.year),
    },
    {
      field: 'currency',
      hidden: true,
      kind: 'short',
      header: 'resources.currencies.name',
      sortKey: 'CURRENCY',
    },
    {
      field: 'amount',
      hidden: true,
      header: 'bills.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
    },
    {
      field: 'amountUsd',
      hidden: true,
      header: 'resources.fields.amount_usd',
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
    },
    {
      field: 'vat',
      kind: 'number',
      header: 'table.vat',
      format: (row) => t('bills.percent', { value: formatMoney(row.vat, lang) }),
    },
    {
      field: 'amountWVat',
      header: 'bills.amountWVat',
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
    { field: 'invoiceRef', hidden: true, kind: 'short', header: 'bills.invoiceRef' },
    {
      field: 'dueDate',
      kind: 'date',
      header: 'bills.dueDate',
      sortKey: 'DUE_DATE',
      format: (row) => formatDate(row.dueDate, lang),
    },
    {
      field: 'invoiceDate',
      hidden: true,
      kind: 'date',
      header: 'bills.invoiceDate',
      sortKey: 'INVOICE_DATE',
      format: (row) => formatDate(row.invoiceDate, lang),
    },
    {
      field: 'act',
      header: 'resources.bills.fields.act_id',
      hidden: true,
      format: (row) => row.act?.name ?? '',
    },
    {
      field: 'createdAt',
      hidden: true,
      kind: 'name',
      header: 'bills.created',
      sortKey: 'CREATED_AT',
      format: (row) =>
        [formatDateTime(row.createdAt, lang), row.createdByName ?? ''].filter(Boolean).join(', '),
    },
    {
      field: 'closedByName',
      hidden: true,
      header: 'bills.closedBy',
      format: (row) => row.closedByName ?? '',
    },
    {
      field: 'hasPayments',
      kind: 'short',
      hidden: true,
      header: 'resources.fields.has_payments',
      format: (row) => yesNo(row.hasPayments),
    },
    {
      field: 'lastPaymentDate',
      hidden: true,
      kind: 'date',
      header: 'bills.lastPaymentDate',
      format: (row) => formatDate(row.lastPaymentDate, lang),
    },
    {
      field: 'isDeleted',
      kind: 'short',
      hidden: true,
      header: 'resources.fields.is_deleted',
      sortKey: 'IS_DELETED',
      format: (row) => yesNo(row.isDeleted),
    },
    { field: 'status', header: 'resources.fields.status', kind: 'status' },
  ];
}

export function unpaidColumns(t: TFunction, lang: string): Column<UnpaidRow, BillSortKey>[] {
  return [
    {
      field: 'id',
      kind: 'id',
      header: 'resources.bills.fields.id',
      sortKey: 'ID',
      link: (row) => `/bills/${row.id}`,
    },
    {
      field: 'name',
      header: 'resources.fields.name',
      sortKey: 'NAME',
      link: (row) => `/bills/${row.id}`,
    },
    {
      field: 'client',
      header: 'bills.client',
      format: (row) => companyName(row.client),
    },
    {
      field: 'amountWVat',
      hidden: true,
      header: 'bills.amountWVat',
      sortKey: 'AMOUNT_W_VAT',
      kind: 'money',
      currency: (row) => row.currency,
    },
    {
      field: 'amountUsdWVat',
      header: 'table.lists.amountUsd',
      kind: 'money',
      currency: 'USD',
      hidden: true,
    },
    {
      field: 'outstanding',
      header: 'bills.remaining',
      kind: 'money',
      currency: (row) => row.currency,
    },
    {
      field: 'outstandingUsd',
      header: 'table.lists.outstandingUsd',
      kind: 'money',
      currency: 'USD',
    },
    {
      field: 'dueDate',
      kind: 'date',
      header: 'bills.dueDate',
      sortKey: 'DUE_DATE',
      format: (row) => formatDate(row.dueDate, lang),
    },
    {
      field: 'lastPaymentDate',
      kind: 'short',
      header: 'bills.daysOverdue',
      format: (row) => {
        const days = daysOverdue(row.dueDate);
        return days > 0 ? t('bills.days', { count: days }) : '';
      },
    },
    { field: 'paymentStatus', header: 'resources.bills.fields.payment_status', kind: 'status' },
  ];
}

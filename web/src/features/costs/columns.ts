// The costs table's columns (docs/invoices.md "Costs table").
import type { TFunction } from 'i18next';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { billingPeriod } from '../../components/names.ts';
import type { CostRow, CostSortKey } from './costs-list.ts';

export function costColumns(t: TFunction): Column<CostRow, CostSortKey>[] {
  return [
    { field: 'id', header: 'costs.id', sortKey: 'ID', kind: 'id', link: costLink },
    { field: 'status', header: 'costs.status', kind: 'status' },
    { field: 'name', header: 'costs.name', kind: 'name', link: costLink },
    { field: 'invoice', header: 'costs.invoice', sortKey: 'INVOICE_ID', kind: 'name' },
    { field: 'supplier', header: 'costs.supplier', kind: 'name', hidden: true },
    {
      field: 'amountWVat',
      header: 'costs.amountWVat',
      kind: 'money',
      currency: (row) => row.currency,
    },
    { field: 'amountUsdWVat', header: 'costs.amountUsdWVat', kind: 'money', currency: 'USD' },
    {
      field: 'amount',
      header: 'costs.amount',
      hidden: true,
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
    },
    {
      field: 'amountUsd',
      header: 'costs.amountUsd',
      hidden: true,
      sortKey: 'AMOUNT_USD',
      kind: 'money',
      currency: 'USD',
    },
    {
      field: 'period',
      header: 'costs.period',
      sortKey: 'YEAR',
      kind: 'short',
      format: (row) => billingPeriod(t, row.month, row.year),
    },
    { field: 'project', header: 'costs.project', kind: 'name', hidden: true },
    { field: 'costType', header: 'costs.costType', kind: 'name', hidden: true },
    { field: 'subsidiary', header: 'costs.subsidiary', kind: 'name', hidden: true },
    {
      field: 'billing',
      header: 'costs.toBill',
      hidden: true,
      kind: 'short',
      format: (row) =>
        row.billing === 'billed'
          ? t('costs.billed', { id: row.billId })
          : row.billing === 'toBill'
            ? t('costs.yes')
            : '',
    },
  ];
}

/** A cost opens on its invoice's page (its cost lines). */
const costLink = (row: CostRow) => `/invoices/${row.invoiceId}`;

// The exchange rates table's columns.
import type { Column } from '../../../components/DataTable/DataTable.tsx';
import { formatDate, formatDateTime } from '../../../components/format.ts';
import { formatRate } from './csv.ts';
import type { Key, Row } from './ExchangeRatesPage.tsx';

export function rateColumns(language: string): Column<Row, Key>[] {
  return [
    {
      field: 'currency',
      kind: 'short',
      header: 'exchangeRates.currency',
      sortKey: 'CURRENCY',
    },
    {
      field: 'rateDate',
      kind: 'date',
      header: 'exchangeRates.rateDate',
      sortKey: 'RATE_DATE',
      format: (r) => formatDate(r.rateDate, language),
    },
    {
      field: 'usdPerUnit',
      header: 'exchangeRates.usdPerUnit',
      kind: 'money',
      format: (r) => formatRate(r.usdPerUnit, language),
    },
    {
      field: 'createdAt',
      kind: 'datetime',
      header: 'exchangeRates.enteredAt',
      format: (r) => formatDateTime(r.createdAt, language),
    },
  ];
}

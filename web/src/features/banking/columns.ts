// The banking tables' columns (docs/reconciliation.md).
import type { TFunction } from 'i18next';
import type { BankLinesQuery, BankReconciliationQuery } from '../../api/generated.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { formatDate } from '../../components/format.ts';
import type { BankLineSortKey } from './banking-filters.ts';

export type BankLine = NonNullable<BankLinesQuery['allBankStatementLines']>['nodes'][number] & {
  id: string;
};
export type UnseenPayment = NonNullable<
  BankReconciliationQuery['bankUnseenPayments']
>['nodes'][number] & { id: string };

/** A line's status, with the note of a line marked as not a payment. */
function lineStatus(t: TFunction, row: BankLine): string {
  const status = t(`banking.statuses.${row.status}`);
  return row.status === 'ignored' && row.ignoreNote ? `${status}: ${row.ignoreNote}` : status;
}

/** An unmatched line's suggested invoice or bill, and how sure the suggestion is. */
function suggestion(t: TFunction, row: BankLine): string {
  if (row.status !== 'unmatched' || !row.suggestionConfidence) return '';
  const record =
    row.suggestedInvoice?.invoiceRef ??
    row.suggestedBill?.invoiceRef ??
    row.suggestedBill?.name ??
    '';
  return `${record} · ${t(`banking.confidence.${row.suggestionConfidence}`)}`;
}

/** The lines of an account's statements. */
export function bankLineColumns(
  t: TFunction,
  language: string,
): Column<BankLine, BankLineSortKey>[] {
  return [
    {
      field: 'valueDate',
      kind: 'date',
      header: 'banking.valueDate',
      sortKey: 'VALUE_DATE',
      format: (row) => formatDate(row.valueDate, language),
    },
    {
      field: 'amount',
      header: 'resources.fields.amount',
      sortKey: 'AMOUNT',
      kind: 'money',
      currency: (row) => row.currency,
    },
    { field: 'counterpartyName', header: 'banking.counterparty' },
    { field: 'remittance', header: 'banking.remittance', kind: 'text' },
    {
      field: 'status',
      kind: 'name',
      header: 'resources.fields.status',
      format: (row) => lineStatus(t, row),
    },
    {
      field: 'suggestionConfidence',
      kind: 'name',
      header: 'banking.suggestion',
      format: (row) => suggestion(t, row),
    },
  ];
}

/** The payments recorded in the account's subsidiary and currency that no statement line shows. */
export function unseenPaymentColumns(language: string): Column<UnseenPayment>[] {
  return [
    {
      field: 'paymentDate',
      kind: 'date',
      header: 'payments.date',
      format: (row) => formatDate(row.paymentDate, language),
    },
    {
      field: 'amount',
      header: 'resources.fields.amount',
      kind: 'money',
      currency: (row) => row.currency,
    },
    { field: 'reference', header: 'banking.reference' },
  ];
}

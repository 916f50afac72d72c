// The items of the home cards: each a link to its record's page (recordLink), its amount in its
// currency and, unless that is USD, in USD.
import type { TFunction } from 'i18next';
import { formatMoney } from '../../components/format.ts';
import { recordLink, type RecordIds, type RecordKind } from '../../components/record-link.ts';
import type { WorkItem } from './WorkCard.tsx';

interface Priced {
  amountWVat?: string | null;
  currency?: string | null;
  amountUsdWVat?: string | null;
}

/** One record of a card: `kind` and `id` name the page it opens (a cost's: its invoice's). */
export function workItem<K extends RecordKind>(
  language: string,
  record: Priced & {
    key: string | number;
    kind: K;
    id: RecordIds[K];
    primary: string;
    secondary?: string;
  },
): WorkItem {
  const { currency } = record;
  return {
    key: String(record.key),
    to: recordLink(record.kind, record.id),
    primary: record.primary,
    secondary: record.secondary,
    amount: formatMoney(record.amountWVat, language, currency ?? undefined),
    amountUsd: currency === 'USD' ? undefined : formatMoney(record.amountUsdWVat, language, 'USD'),
  };
}

/** A cost rejected together with its invoice carries a code, not a reason someone typed. */
export function rejectReason(t: TFunction, text: string | null | undefined): string | undefined {
  return text === 'invoice_rejected' ? t('home.rejectedWithInvoice') : (text ?? undefined);
}

/** The nodes of a connection that are there (a row the account may not read is null). */
export function present<T>(nodes: readonly (T | null)[] | undefined): T[] {
  return (nodes ?? []).filter((node): node is T => node !== null);
}

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

/** Where an item leads and what it says; `kind` and `id` name the page (a cost's: its invoice). */
interface Described<K extends RecordKind> {
  kind: K;
  id: RecordIds[K];
  primary: string;
  secondary?: string;
}

/** The items of a card's section: one a record the account may read (a null node is left out). */
export function workItems<T extends Priced & { id: number | string }, K extends RecordKind>(
  language: string,
  nodes: readonly (T | null)[] | undefined,
  describe: (node: T) => Described<K>,
): WorkItem[] {
  return (nodes ?? [])
    .filter((node): node is T => node !== null)
    .map((node) => {
      const item = describe(node);
      const { currency } = node;
      return {
        key: String(node.id),
        to: recordLink(item.kind, item.id),
        primary: item.primary,
        secondary: item.secondary,
        amount: formatMoney(node.amountWVat, language, currency ?? undefined),
        amountUsd:
          currency === 'USD' ? undefined : formatMoney(node.amountUsdWVat, language, 'USD'),
      };
    });
}

/** A cost rejected together with its invoice carries a code, not a reason someone typed. */
export function rejectReason(t: TFunction, text: string | null | undefined): string | undefined {
  return text === 'invoice_rejected' ? t('home.rejectedWithInvoice') : (text ?? undefined);
}

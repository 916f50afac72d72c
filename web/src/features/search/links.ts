import type { PermissionFlags } from '../../session/permissions.ts';

/** The kinds the global search finds, in the order their groups are shown. */
export const SEARCH_KINDS = ['invoice', 'bill', 'cost', 'document', 'supplier', 'client'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchHit {
  kind: string;
  id: string;
  title: string;
  party: string | null;
  recordDate: string | null;
  amount: string | null;
  currency: string | null;
  detail: string | null;
  exact: boolean;
}

/** Fewer characters find only an id typed in full (app_public.global_search). */
export const SEARCH_MIN_LENGTH = 3;

/** Whether the text is worth asking the server about: 3 characters, or a number (an id). */
export function searchable(text: string): boolean {
  const typed = text.trim();
  return typed.length >= SEARCH_MIN_LENGTH || /^\d+$/.test(typed);
}

/** The URL of the search page for a text. */
export function searchPageUrl(text: string): string {
  return `/search?${new URLSearchParams({ q: text.trim() }).toString()}`;
}

/**
 * Where a hit leads: a record's page, a cost's invoice; a supplier's invoices and a client's bills
 * (the list filtered by it) where the account reads them, else the reference list.
 */
export function hitLink(hit: SearchHit, permissions: PermissionFlags): string {
  const filter = (name: string) => new URLSearchParams({ [name]: `${hit.id}~${hit.title}` });
  switch (hit.kind) {
    case 'invoice':
      return `/invoices/${hit.id}`;
    case 'bill':
      return `/bills/${hit.id}`;
    case 'cost':
      return `/redirect-to-invoice/cost/${hit.id}`;
    case 'document':
      return `/documents/${hit.id}`;
    case 'supplier':
      return permissions.invoiceRead ? `/invoices?${filter('supplier')}` : '/admin/supplier';
    case 'client':
      return permissions.billRead ? `/bills?${filter('client')}` : '/admin/clients';
    default:
      return '/';
  }
}

/** The hits grouped by kind, in SEARCH_KINDS order, empty groups left out. */
export function groupHits(hits: SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  return SEARCH_KINDS.map((kind) => ({
    kind,
    hits: hits.filter((hit) => hit.kind === kind),
  })).filter((group) => group.hits.length > 0);
}

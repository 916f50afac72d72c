// Where a record's page is: one helper for every link to a record (notifications, home cards,
// lists), so that no screen writes a record's URL by hand.

/** The records that have a page, with the type of their id. */
export interface RecordIds {
  invoice: number | string;
  bill: number | string;
  /** A cost is shown on its invoice: the page finds the invoice of the cost. */
  cost: number | string;
  document: string;
}
export type RecordKind = keyof RecordIds;

const PATHS: { [K in RecordKind]: (id: string) => string } = {
  invoice: (id) => `/invoices/${id}`,
  bill: (id) => `/bills/${id}`,
  cost: (id) => `/redirect-to-invoice/cost/${id}`,
  document: (id) => `/documents/${id}`,
};

/** The page of a record. */
export function recordLink<K extends RecordKind>(kind: K, id: RecordIds[K]): string {
  return PATHS[kind](encodeURIComponent(String(id)));
}

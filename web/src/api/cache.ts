/**
 * What the query cache refreshes after a change (SPEC §7): each query says which kinds of record
 * it shows, each mutation which kinds it changes, and a mutation refreshes only the queries that
 * show what it changed. Lists and details are cache-and-network (what is cached shows at once,
 * then refreshes); remaining amounts are cache-first (kept until a payment or the record changes).
 */
export type RecordKind =
  | 'Account'
  | 'Bill'
  | 'Company'
  | 'Cost'
  | 'Currency'
  | 'CostType'
  | 'Document'
  | 'ExchangeRate'
  | 'File'
  | 'Invoice'
  | 'Notification'
  | 'Payment'
  | 'Project'
  | 'Role'
  | 'Service'
  | 'User';

export interface CachePolicy {
  /** The kinds of record the query shows. */
  reads: readonly RecordKind[];
  /** cache-first: no refresh while cached, until a change of what it reads. */
  cacheFirst?: boolean;
}

/** react-query options of a policy. */
export function queryCacheOptions(policy: CachePolicy) {
  return {
    meta: { reads: policy.reads },
    staleTime: policy.cacheFirst ? Number.POSITIVE_INFINITY : 0,
  };
}

/** Whether a cached query shows any of the kinds a mutation changed. */
export function showsChanged(
  meta: Record<string, unknown> | undefined,
  changes: readonly RecordKind[],
): boolean {
  const reads = (meta?.reads ?? []) as readonly RecordKind[];
  return reads.some((kind) => changes.includes(kind));
}

import type { BillDetailsQuery } from '../../../api/generated.ts';

export type Bill = NonNullable<BillDetailsQuery['billById']>;

/** The record kinds a bill page's changes touch (docs/web.md, caching). */
export const BILL_CHANGES = ['Bill', 'Payment', 'Cost', 'File'] as const;

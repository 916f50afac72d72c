import type { InvoiceDetailsQuery } from '../../api/generated.ts';

export type InvoiceDetails = NonNullable<InvoiceDetailsQuery['invoiceById']>;
export type InvoiceCost = NonNullable<InvoiceDetails['costs']['nodes'][number]>;

/** The record kinds an invoice page's changes touch (docs/web.md, caching). */
export const INVOICE_CHANGES = ['Invoice', 'Cost', 'Payment', 'File'] as const;

import Decimal from 'decimal.js';

export interface SelectionSummary {
  count: number;
  amount: string;
  vat: string;
  total: string;
}

/** Sum, VAT and total of selected rows, exactly: decimal strings in, decimal strings out. */
export function selectionSummary<Row>(
  rows: Row[],
  amount: keyof Row,
  total: keyof Row,
): SelectionSummary {
  const sum = (field: keyof Row) =>
    rows.reduce((acc, row) => (row[field] ? acc.plus(String(row[field])) : acc), new Decimal(0));
  const amountSum = sum(amount);
  const totalSum = sum(total);
  return {
    count: rows.length,
    amount: amountSum.toFixed(2),
    vat: totalSum.minus(amountSum).toFixed(2),
    total: totalSum.toFixed(2),
  };
}

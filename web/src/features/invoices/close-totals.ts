import Decimal from 'decimal.js';

/** Final payments added up per currency, exactly (decimal strings, never floats). */
export function totalsByCurrency(rows: { currency: string; amount: string }[]) {
  const totals = new Map<string, Decimal>();
  for (const row of rows) {
    totals.set(row.currency, (totals.get(row.currency) ?? new Decimal(0)).plus(row.amount));
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({ currency, total: total.toFixed(2) }));
}

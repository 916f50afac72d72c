// The wizard's running totals, computed exactly as the database will store them (docs/workflows.md
// "Costs", app_private.tg_costs__amounts): per cost, amount with VAT = round(amount × (1 + VAT/100), 2),
// amount in USD = round(amount × rate, 2), with VAT in USD = round(amount with VAT × rate, 2), the
// rate being the latest on or before the invoice date; the invoice's figures are the sums. PostgreSQL
// rounds half away from zero, as ROUND_HALF_UP does here. Never a float.
import Decimal from 'decimal.js';

export interface CostAmounts {
  amount: string;
  vat: string;
}

export interface InvoiceTotals {
  amount: string;
  vat: string;
  total: string;
  amountUsd?: string;
  vatUsd?: string;
  totalUsd?: string;
}

const DECIMAL = /^\d+(\.\d{0,2})?$/;

const round2 = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A typed amount or VAT as a decimal, or null while it is not a number yet. */
function exact(value: string): Decimal | null {
  return DECIMAL.test(value) ? new Decimal(value) : null;
}

/**
 * The sums of the costs that are complete (amount and VAT typed), in the invoice's currency and,
 * when the rate is known, in USD.
 */
export function invoiceTotals(costs: CostAmounts[], rate?: string | null): InvoiceTotals {
  const usdRate = rate ? new Decimal(rate) : null;
  let amount = new Decimal(0);
  let withVat = new Decimal(0);
  let amountUsd = new Decimal(0);
  let withVatUsd = new Decimal(0);
  for (const cost of costs) {
    const net = exact(cost.amount);
    const vat = exact(cost.vat);
    if (!net || !vat) continue;
    const gross = round2(net.times(vat.dividedBy(100).plus(1)));
    amount = amount.plus(net);
    withVat = withVat.plus(gross);
    if (usdRate) {
      amountUsd = amountUsd.plus(round2(net.times(usdRate)));
      withVatUsd = withVatUsd.plus(round2(gross.times(usdRate)));
    }
  }
  const totals: InvoiceTotals = {
    amount: amount.toFixed(2),
    vat: withVat.minus(amount).toFixed(2),
    total: withVat.toFixed(2),
  };
  if (usdRate) {
    totals.amountUsd = amountUsd.toFixed(2);
    totals.vatUsd = withVatUsd.minus(amountUsd).toFixed(2);
    totals.totalUsd = withVatUsd.toFixed(2);
  }
  return totals;
}

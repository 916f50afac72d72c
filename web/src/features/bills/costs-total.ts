import { sumDecimals } from '../../components/format.ts';

export interface BillableCost {
  id: number;
  amount: string;
  amountWVat: string;
  amountUsdWVat: string;
}

/** The running total of the chosen costs, exact (decimal strings summed with decimal.js). */
export function costsTotal(costs: BillableCost[]) {
  return {
    amount: sumDecimals(costs.map((cost) => cost.amount)),
    amountWVat: sumDecimals(costs.map((cost) => cost.amountWVat)),
    amountUsdWVat: sumDecimals(costs.map((cost) => cost.amountUsdWVat)),
  };
}

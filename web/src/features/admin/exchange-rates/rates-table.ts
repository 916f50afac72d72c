// The exchange rates table's state in the URL and the filter it sends (ExchangeRatesPage.tsx).
import { formatISO } from 'date-fns';
import type { ExchangeRateFilter, ExchangeRateOrderBy } from '../../../api/generated.ts';
import {
  filterCodecs,
  type SortKeyOf,
  type TableConfig,
} from '../../../components/DataTable/table-state.ts';

export interface RatesFilters {
  currency: string;
  from: Date | null;
  to: Date | null;
}

export const RATES_TABLE: TableConfig<RatesFilters, SortKeyOf<ExchangeRateOrderBy>> = {
  sort: { key: 'RATE_DATE', direction: 'DESC' },
  sortKeys: ['CURRENCY', 'RATE_DATE'],
  filters: {
    currency: { initial: '', codec: filterCodecs.text },
    from: { initial: null, codec: filterCodecs.date },
    to: { initial: null, codec: filterCodecs.date },
  },
};

/** A calendar day as the API's Date (yyyy-MM-dd). */
export const day = (date: Date) => formatISO(date, { representation: 'date' });

/** The GraphQL filter of the table's filters: only what is set. */
export function ratesFilter(filters: RatesFilters): ExchangeRateFilter | undefined {
  const parts: ExchangeRateFilter[] = [];
  if (filters.currency) parts.push({ currency: { equalTo: filters.currency.toUpperCase() } });
  if (filters.from) parts.push({ rateDate: { greaterThanOrEqualTo: day(filters.from) } });
  if (filters.to) parts.push({ rateDate: { lessThanOrEqualTo: day(filters.to) } });
  return parts.length ? { and: parts } : undefined;
}

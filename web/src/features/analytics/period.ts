/** A month of the analytics period, as the URL writes it: yyyy-MM. */
export interface Month {
  year: number;
  month: number;
}

export function parseMonth(raw: string | null): Month | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(raw ?? '');
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 && year <= 2100 ? { year, month } : undefined;
}

export function formatMonth({ year, month }: Month): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function monthOf(date: Date): Month {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

export function monthIndex({ year, month }: Month): number {
  return year * 12 + month - 1;
}

/** The default period: the twelve months up to the current one. */
export function defaultPeriod(today: Date): { from: Month; to: Month } {
  const to = monthOf(today);
  const start = monthIndex(to) - 11;
  return { from: { year: Math.floor(start / 12), month: (start % 12) + 1 }, to };
}

/** SPEC §5: a start later than the end is refused. */
export function periodValid(from: Month, to: Month): boolean {
  return monthIndex(from) <= monthIndex(to);
}

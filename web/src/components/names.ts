// How lists and record pages name companies and billing periods: one function each. A person is
// the database's `displayName` (app_public.users_display_name), selected in the screen's document.
import type { TFunction } from 'i18next';

/** A company as the screens show it: its short name, else its legal name. */
export function companyName(
  company: { shortName?: string | null; legalName?: string | null } | null | undefined,
): string {
  return company?.shortName || company?.legalName || '';
}

/** A billing period (month and year) in the reader's language, e.g. "March 2026". */
export function billingPeriod(t: TFunction, period: number, year: number): string {
  return t('bills.periodValue', { month: t(`bills.months.${period}`), year });
}

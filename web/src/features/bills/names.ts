import type { TFunction } from 'i18next';

/** A company as a list shows it: its short name, else its legal name. */
export function companyName(
  company: { shortName?: string | null; legalName?: string | null } | null | undefined,
): string {
  return company?.shortName || company?.legalName || '';
}

/** A person as lists show them: first and last name. */
export function personName(
  user: { firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}

/** A bill's period (month and year) in the reader's language, e.g. "March 2026". */
export function periodLabel(t: TFunction, period: number, year: number): string {
  return t('bills.periodValue', { month: t(`bills.months.${period}`), year });
}

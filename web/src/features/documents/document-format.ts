import type { TFunction } from 'i18next';
import { formatDate } from '../../components/format.ts';

/** A calendar date (yyyy-MM-dd) in the locale's format, as that day wherever the browser is. */
export function formatDay(value: string | null | undefined, language: string): string {
  return value ? formatDate(`${value}T00:00:00`, language) : '';
}

/** A file size in bytes (a string: BigInt) as the locale writes it, in B, KB or MB. */
export function formatFileSize(size: string, language: string, t: TFunction): string {
  const bytes = Number(size); // a count of bytes, at most 5 MB: not money
  const locale = language === 'ru' ? 'ru-RU' : 'en-US';
  const units = ['bytes', 'kilobytes', 'megabytes'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit ? 1 : 0 }).format(
    value,
  );
  return t(`documents.size.${units[unit]}`, { value: number });
}

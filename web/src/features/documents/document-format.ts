import { formatDate } from '../../components/format.ts';

/** A calendar date (yyyy-MM-dd) in the locale's format, as that day wherever the browser is. */
export function formatDay(value: string | null | undefined, language: string): string {
  return value ? formatDate(`${value}T00:00:00`, language) : '';
}

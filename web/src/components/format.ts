import Decimal from 'decimal.js';

const locales: Record<string, string> = { ru: 'ru-RU', en: 'en-US' };

// Building an Intl formatter costs a fraction of a millisecond, formatting with one a microsecond:
// a list of 50 rows formats hundreds of cells, so each formatter is built once per language and
// kind and kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The language's date formatter with these options (kept: built once per language and options). */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions) {
  return kept(`date ${language} ${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(locales[language] ?? language, options);
  });
}

/** The language's number formatter with these options (kept like `dateFormat`). */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}) {
  return kept(`number ${language} ${JSON.stringify(options)}`, () => {
    return new Intl.NumberFormat(locales[language] ?? language, options);
  });
}

const marks = new Map<string, Readonly<{ group: string; decimal: string }>>();

/**
 * The language's digit-group and decimal marks, as the rest of the UI shows numbers (kept: a money
 * cell asks for them each time it is drawn).
 */
export function numberMarks(language: string): Readonly<{ group: string; decimal: string }> {
  let found = marks.get(language);
  if (!found) {
    const parts = numberFormat(language).formatToParts(1234.5);
    found = Object.freeze({
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    });
    marks.set(language, found);
  }
  return found;
}

export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** A calendar date as tables show it: 13.11.2026, 11/13/2026. A 'YYYY-MM-DD' is that day. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8)))
      : new Date(value);
  return dateFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}

/**
 * Money arrives as an exact decimal string and is shown without ever becoming a float: the
 * integer and fraction parts are grouped and joined as text.
 */
export function formatMoney(
  value: string | null | undefined,
  language: string,
  currency?: string,
): string {
  if (value == null || value === '') return '';
  const exact = new Decimal(value).toFixed(2);
  const negative = exact.startsWith('-');
  const [whole = '0', fraction = '00'] = exact.replace('-', '').split('.');
  const { group, decimal } = numberMarks(language);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${decimal}${fraction}${currency ? ` ${currency}` : ''}`;
}

/** Exact sum of decimal strings. */
export function sumDecimals(values: (string | null | undefined)[]): string {
  return values
    .reduce((total, value) => (value ? total.plus(value) : total), new Decimal(0))
    .toFixed(2);
}

/** A file size in the locale's format: bytes, kB or MB. */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return numberFormat(language, {
    style: 'unit',
    unit,
    // "10 bytes", "1.5 kB", "2 MB".
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Lists count their rows up to this many (the API's cappedCount); one more means "more than". */
export const COUNT_CAP = 1_000;

/** How many rows a list holds, in the locale's format: "657", or "more than 1,000". */
export function formatRowCount(
  count: number,
  language: string,
  t: (key: 'table.moreThan', options: { count: string }) => string,
): string {
  const format = (value: number) => numberFormat(language).format(value);
  return count > COUNT_CAP ? t('table.moreThan', { count: format(COUNT_CAP) }) : format(count);
}

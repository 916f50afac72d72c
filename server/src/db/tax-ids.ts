/**
 * Russian company numbers with their check digits (the same rules as app_hidden.inn_valid and
 * app_hidden.ogrn_valid in migration 0070): used to make valid demo and benchmark data and, in
 * tests, valid and invalid numbers.
 */

const INN_WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innDigit(digits: string, weights: number[]): string {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return String((sum % 11) % 10);
}

/** An ИНН from its first 9 digits (an organisation) or first 10 (a person): the check digits added. */
export function completeInn(base: string): string {
  if (/^\d{9}$/.test(base)) return base + innDigit(base, INN_WEIGHTS_10);
  if (/^\d{10}$/.test(base)) {
    const eleven = base + innDigit(base, INN_WEIGHTS_11);
    return eleven + innDigit(eleven, INN_WEIGHTS_12);
  }
  throw new Error(`An ИНН base is 9 or 10 digits: ${base}`);
}

/** An ОГРН from its first 12 digits, or an ОГРНИП from its first 14: the check digit added. */
export function completeOgrn(base: string): string {
  if (/^\d{12}$/.test(base)) return base + String((BigInt(base) % 11n) % 10n);
  if (/^\d{14}$/.test(base)) return base + String((BigInt(base) % 13n) % 10n);
  throw new Error(`An ОГРН base is 12 or 14 digits: ${base}`);
}

/** The same number with its last digit changed: a wrong check digit. */
export function withWrongCheckDigit(valid: string): string {
  const last = Number(valid.at(-1));
  return valid.slice(0, -1) + String((last + 1) % 10);
}

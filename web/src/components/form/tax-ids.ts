// Russian company numbers' check digits, repeated from the database (app_hidden.inn_valid and
// app_hidden.ogrn_valid, migration 0070) for a quick message; the database decides.

const weigh = (digits: string, weights: number[]) =>
  String((weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11) % 10);

/** Whether a 10- or 12-digit ИНН has valid check digits (other lengths: the format's message). */
export function innCheckDigitsValid(value: string): boolean {
  if (/^\d{10}$/.test(value)) return weigh(value, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === value[9];
  if (/^\d{12}$/.test(value)) {
    return (
      weigh(value, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === value[10] &&
      weigh(value, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === value[11]
    );
  }
  return true;
}

/** Whether an ОГРН (13 digits) or ОГРНИП (15) has a valid check digit (other lengths: true). */
export function ogrnCheckDigitValid(value: string): boolean {
  if (/^\d{13}$/.test(value)) return String((BigInt(value.slice(0, 12)) % 11n) % 10n) === value[12];
  if (/^\d{15}$/.test(value)) return String((BigInt(value.slice(0, 14)) % 13n) % 10n) === value[14];
  return true;
}

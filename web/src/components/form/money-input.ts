import { numberMarks } from '../format.ts';

/**
 * What a money or percent field keeps of what was typed: digits with one decimal point and at
 * most `decimals` decimals, as an exact decimal string ("2500.50"). Spaces are dropped and a comma
 * counts as the decimal point; given a language whose digit groups are commas (en), commas are
 * taken as groups ("2,500.50"). Returns null when the text cannot become such a number, so the
 * field keeps its previous value.
 */
export function moneyTyped(text: string, decimals: number, language?: string): string | null {
  let cleaned = text.replace(/[\s\u00a0\u202f]/g, '');
  if (language && numberMarks(language).group === ',') cleaned = cleaned.replaceAll(',', '');
  cleaned = cleaned.replace(',', '.');
  const pattern = new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`);
  return pattern.test(cleaned) ? cleaned : null;
}

/**
 * A field's exact decimal string ("2500.5", or "12." typed half-way) as the language writes it:
 * its decimal mark ("2500,5" in ru) and, when `grouped`, its digit groups ("2 500,5") — the text
 * is rearranged, never turned into a float.
 */
export function moneyShown(value: string, language: string, grouped: boolean): string {
  const marks = numberMarks(language);
  const [whole = '', fraction] = value.split('.');
  const digits = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group) : whole;
  return fraction === undefined ? digits : `${digits}${marks.decimal}${fraction}`;
}

/** Whether a character of a money field's text is part of the number (a digit or the decimal mark). */
function significant(char: string, language: string): boolean {
  if (/\d/.test(char)) return true;
  const { group, decimal } = numberMarks(language);
  return char === decimal || (char === '.' && group !== '.') || (char === ',' && group !== ',');
}

/**
 * Where the caret goes once a field's text is shown again with digit groups: after as many digits
 * and decimal marks as stood before it in what was typed, so typing "12345" reads "12 345" with
 * the caret still after the 5.
 */
export function caretAfterRegrouping(
  typed: string,
  caret: number,
  shown: string,
  language: string,
): number {
  const wanted = [...typed.slice(0, caret)].filter((char) => significant(char, language)).length;
  let seen = 0;
  for (let index = 0; index < shown.length; index++) {
    if (seen === wanted) return index;
    if (significant(shown[index]!, language)) seen++;
  }
  return shown.length;
}

/** The exact decimal a money or percent field holds: "12." (typed half-way) is 12. */
export function decimalValue(typed: string): string {
  return typed.replace(/\.$/, '');
}

/**
 * What a money or percent field keeps of what was typed: digits with one decimal point (a comma
 * counts as one, spaces are dropped) and at most `decimals` decimals. Returns null when the text
 * cannot become such a number, so the field keeps its previous value.
 */
export function moneyTyped(text: string, decimals: number): string | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const pattern = new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`);
  return pattern.test(cleaned) ? cleaned : null;
}

/** The exact decimal a money or percent field holds: "12." (typed half-way) is 12. */
export function decimalValue(typed: string): string {
  return typed.replace(/\.$/, '');
}

// The clients dialog's quick check of ИНН and ОГРН check digits agrees with the database's rule
// (server/src/db/tax-ids.ts makes the numbers the same way migration 0070 checks them).
import { describe, expect, it } from 'vitest';
import { completeInn, completeOgrn, withWrongCheckDigit } from '../../server/src/db/tax-ids.ts';
import { innCheckDigitsValid, ogrnCheckDigitValid } from '../src/components/form/tax-ids.ts';

const digits = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => String((seed * 7 + i * 3 + ((seed * i) % 5)) % 10)).join('');

describe('ИНН and ОГРН check digits in the browser', () => {
  it('generated valid numbers pass and the same with a wrong last digit fail', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const valid of [completeInn(digits(9, seed)), completeInn(digits(10, seed))]) {
        expect(innCheckDigitsValid(valid), valid).toBe(true);
        expect(innCheckDigitsValid(withWrongCheckDigit(valid)), valid).toBe(false);
      }
      for (const valid of [
        completeOgrn(`1${digits(11, seed)}`),
        completeOgrn(`3${digits(13, seed)}`),
      ]) {
        expect(ogrnCheckDigitValid(valid), valid).toBe(true);
        expect(ogrnCheckDigitValid(withWrongCheckDigit(valid)), valid).toBe(false);
      }
    }
  });

  it('other lengths are left to the format rule', () => {
    expect(innCheckDigitsValid('123')).toBe(true);
    expect(ogrnCheckDigitValid('12345678901234')).toBe(true);
  });
});

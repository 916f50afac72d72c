// The form kit's rules: what money and VAT fields keep of what is typed, the yup rules that repeat
// SPEC §5, the attachment limits and duplicate skipping, upload progress per file (exports: export.test.ts).
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { admit, MAX_FILE_BYTES, type PickedFile } from '../src/components/form/file-rules.ts';
import {
  caretAfterRegrouping,
  moneyShown,
  moneyTyped,
} from '../src/components/form/money-input.ts';
import {
  amountRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../src/components/form/rules.ts';
import { shares } from '../src/api/storage.ts';

const valid = (schema: yup.Schema, value: unknown) => schema.isValidSync(value);

describe('money and VAT inputs keep a decimal string, never a float', () => {
  it('accepts digits with one decimal mark (comma or point) and two decimals at most', () => {
    expect(moneyTyped('1234,5', 2)).toBe('1234.5');
    expect(moneyTyped('1 234.56', 2)).toBe('1234.56');
    expect(moneyTyped('0.1', 2)).toBe('0.1');
    expect(moneyTyped('', 2)).toBe('');
    expect(moneyTyped('12345678901234567.89', 2)).toBe('12345678901234567.89');
  });
  it('refuses letters, a second decimal mark, a third decimal and a sign', () => {
    for (const typed of ['12a', '1.2.3', '1.234', '-5', '1e5'])
      expect(moneyTyped(typed, 2)).toBeNull();
  });
  it('in ru a decimal comma is typed and shown, digits grouped as the rest of the UI', () => {
    expect(moneyTyped('2500,50', 2, 'ru')).toBe('2500.50');
    expect(moneyTyped('2 500,50', 2, 'ru')).toBe('2500.50');
    expect(moneyTyped('2\u00a0500,5', 2, 'ru')).toBe('2500.5');
    expect(moneyShown('2500.50', 'ru', false)).toBe('2500,50');
    expect(moneyShown('2500.50', 'ru', true)).toMatch(/^2\s500,50$/);
    expect(moneyShown('12.', 'ru', false)).toBe('12,');
    expect(moneyShown('12345678901234567.89', 'ru', true)).toMatch(
      /^12\s345\s678\s901\s234\s567,89$/,
    );
  });
  it('the caret stays after the digit just typed when the groups move', () => {
    // "1234|" typed into "123" in ru reads "1 234|".
    expect(caretAfterRegrouping('1234', 4, '1\u00a0234', 'ru')).toBe(5);
    // A digit typed at the front of "1,234" in en: "91,234" → "91,234", caret after the 9.
    expect(caretAfterRegrouping('91,234', 1, '91,234', 'en')).toBe(1);
    // "12 3|45" (a 3 typed in the middle of "12 45"): "12 345" keeps the caret after the 3.
    expect(caretAfterRegrouping('12 345', 4, '12\u00a0345', 'ru')).toBe(4);
    expect(caretAfterRegrouping('1234,5', 6, '1\u00a0234,5', 'ru')).toBe(7);
  });
  it('in en a comma groups digits and a point is the decimal mark', () => {
    expect(moneyTyped('2,500.50', 2, 'en')).toBe('2500.50');
    expect(moneyTyped('2500.5', 2, 'en')).toBe('2500.5');
    expect(moneyShown('2500.50', 'en', true)).toBe('2,500.50');
    expect(moneyShown('2500.50', 'en', false)).toBe('2500.50');
    // What is shown is typed back to the same exact value.
    for (const language of ['ru', 'en'])
      expect(moneyTyped(moneyShown('1234567.01', language, true), 2, language)).toBe('1234567.01');
  });
});

describe('SPEC §5 rules repeated in the browser', () => {
  it('an amount is above 0', () => {
    expect(valid(amountRule(), '0.01')).toBe(true);
    expect(valid(amountRule(), '0')).toBe(false);
    expect(valid(amountRule(), '0.00')).toBe(false);
    expect(valid(amountRule(), '')).toBe(false);
  });
  it('VAT is above 0 and at most 100 percent', () => {
    expect(valid(vatRule(), '20')).toBe(true);
    expect(valid(vatRule(), '100')).toBe(true);
    expect(valid(vatRule(), '100.01')).toBe(false);
    expect(valid(vatRule(), '0')).toBe(false);
  });
  it('the period cannot be later than the current month', () => {
    const now = () => new Date(2026, 10, 22);
    expect(valid(pastPeriodRule(now), '2026-11')).toBe(true);
    expect(valid(pastPeriodRule(now), '2025-12')).toBe(true);
    expect(valid(pastPeriodRule(now), '2026-12')).toBe(false);
    expect(valid(pastPeriodRule(now), '2026-13')).toBe(false);
  });
  it('a due date is not before the invoice date', () => {
    const schema = yup.object({
      invoiceDate: yup.string(),
      dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
    });
    expect(valid(schema, { invoiceDate: '2026-05-10', dueDate: '2026-05-10' })).toBe(true);
    expect(valid(schema, { invoiceDate: '2026-05-10', dueDate: '2026-05-09' })).toBe(false);
    expect(valid(schema, { invoiceDate: '', dueDate: '2026-05-09' })).toBe(true);
  });
});

const picked = (name: string, size = 10, sha256 = name): PickedFile => ({
  key: name,
  file: { name, size } as File,
  sha256,
});

describe('SPEC §5 attachments: limits and duplicates', () => {
  it('at most one .pdf and one .sig at a time, 5 MB per file', () => {
    const result = admit(
      [],
      [
        picked('a.pdf'),
        picked('b.PDF'),
        picked('a.sig'),
        picked('c.sig'),
        picked('big.png', MAX_FILE_BYTES + 1),
        picked('x.exe'),
      ],
      { checkDuplicates: true },
    );
    expect(result.files.map((f) => f.file.name)).toEqual(['a.pdf', 'a.sig']);
    expect(result.refused.map((r) => [r.name, r.reason])).toEqual([
      ['b.PDF', 'onePdfOneSig'],
      ['c.sig', 'onePdfOneSig'],
      ['big.png', 'tooBig'],
      ['x.exe', 'unsupported'],
    ]);
  });
  it('a file of exactly 5 MB is accepted', () => {
    expect(
      admit([], [picked('a.png', MAX_FILE_BYTES)], { checkDuplicates: true }).files,
    ).toHaveLength(1);
  });
  it('duplicates in the list and already stored copies are skipped while the check is on', () => {
    const stored = new Map([['s1', [{ kind: 'invoice', recordId: '12' }]]]);
    const on = admit(
      [picked('a.png', 10, 'h1')],
      [picked('copy.png', 10, 'h1'), picked('old.png', 10, 's1')],
      {
        checkDuplicates: true,
        stored,
      },
    );
    expect(on.files.map((f) => f.file.name)).toEqual(['a.png']);
    expect(on.refused).toEqual([
      { reason: 'duplicate', name: 'copy.png' },
      { reason: 'stored', name: 'old.png', where: [{ kind: 'invoice', recordId: '12' }] },
    ]);
    const off = admit([picked('a.png', 10, 'h1')], [picked('copy.png', 10, 'h1')], {
      checkDuplicates: false,
      stored,
    });
    expect(off.files).toHaveLength(2);
  });
});

describe('upload progress per file in one multipart request', () => {
  it('splits the bytes sent over the files in order', () => {
    const files = [{ size: 100 }, { size: 300 }];
    expect(shares(files, 0, 400)).toEqual([0, 0]);
    expect(shares(files, 100, 400)).toEqual([1, 0]);
    expect(shares(files, 250, 400)).toEqual([1, 0.5]);
    expect(shares(files, 400, 400)).toEqual([1, 1]);
  });
});

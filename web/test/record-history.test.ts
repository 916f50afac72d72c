// A history reads in the reader's language (issue 27): the event in words with the line's name
// and reason, users and referenced records by name, money with its currency, dates localized,
// statuses translated, an unknown field readable rather than an id.
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, ru } from './catalogues.ts';
import {
  describeEntry,
  recordPath,
  type HistoryEntry,
} from '../src/components/history/history-format.ts';

async function translator(language: 'ru' | 'en'): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: en }, ru: { translation: ru } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const USER = '33cf735c-0000-4000-8000-000000000001';
const SUPPLIER = '44cf735c-0000-4000-8000-000000000002';
const invoice = { kind: 'invoices' as const, id: '241' };

const rejectedCost: HistoryEntry = {
  id: '10',
  tableName: 'costs',
  recordId: '55',
  action: 'UPDATE',
  event: 'rejected',
  changes: {
    status: { old: 'to_approve', new: 'rejected' },
    reject_reason: { old: null, new: 'Duplicate' },
  },
  rowData: {
    id: 55,
    name: 'QA hosting',
    invoice_id: 241,
    currency: 'EUR',
    status: 'rejected',
    reject_reason: 'Duplicate',
  },
  createdAt: '2026-11-24T10:00:00Z',
  userName: 'Anna K.',
};

const invoiceEdit: HistoryEntry = {
  id: '11',
  tableName: 'invoices',
  recordId: '241',
  action: 'UPDATE',
  event: 'edited',
  changes: {
    amount: { old: '4300.49', new: '4250.50' },
    validated_by: { old: null, new: USER },
    supplier_id: { old: null, new: SUPPLIER },
    due_date: { old: '2026-11-20', new: '2026-11-24' },
    second_approver_limit: { old: null, new: '12' },
  },
  rowData: { id: 241, currency: 'EUR' },
  createdAt: '2026-11-24T10:00:00Z',
  userNames: { [USER]: 'Boris P.' },
  referenceNames: { [SUPPLIER]: 'Acme Ltd' },
};

describe('record history', () => {
  it('names a line event in words with the line and its reason, in ru and en', async () => {
    expect(describeEntry(await translator('en'), 'en', rejectedCost, invoice).title).toBe(
      'Rejected cost “QA hosting” — reason: Duplicate',
    );
    expect(describeEntry(await translator('ru'), 'ru', rejectedCost, invoice).title).toBe(
      'Отклонён расход «QA hosting» — причина: Duplicate',
    );
  });

  it('shows money with its currency, users and references by name, dates localized, unknown fields readably', async () => {
    const changes = describeEntry(await translator('en'), 'en', invoiceEdit, invoice).changes;
    expect(changes).toEqual([
      { field: 'amount', before: '4,300.49 EUR', after: '4,250.50 EUR' },
      { field: 'validated by', before: '—', after: 'Boris P.' },
      { field: 'supplier', before: '—', after: 'Acme Ltd' },
      { field: 'due date', before: '11/20/2026', after: '11/24/2026' },
      { field: 'second approver limit', before: '—', after: '12' },
    ]);
    const ru = describeEntry(await translator('ru'), 'ru', invoiceEdit, invoice).changes;
    expect(ru[0]).toEqual({
      field: 'сумма',
      before: '4\u00a0300,49 EUR',
      after: '4\u00a0250,50 EUR',
    });
  });

  it('a status change reads as the step it is', async () => {
    const opened: HistoryEntry = {
      ...invoiceEdit,
      event: 'status',
      changes: { status: { old: 'draft', new: 'open' } },
    };
    expect(describeEntry(await translator('en'), 'en', opened, invoice).title).toBe(
      'Opened the invoice',
    );
    expect(describeEntry(await translator('ru'), 'ru', opened, invoice).title).toBe('Счёт открыт');
  });

  it('an invoice reset from validated to open says so', async () => {
    const reset: HistoryEntry = {
      ...invoiceEdit,
      event: 'status',
      changes: { status: { old: 'validated', new: 'open' } },
    };
    expect(describeEntry(await translator('en'), 'en', reset, invoice).title).toBe(
      'Returned the invoice to open',
    );
  });

  it('a billing period reads as the screens show it, with the year when that changed too', async () => {
    const moved: HistoryEntry = {
      ...rejectedCost,
      event: 'edited',
      changes: { period: { old: 12, new: 1 }, year: { old: 2025, new: 2026 } },
    };
    expect(describeEntry(await translator('en'), 'en', moved, invoice).changes).toEqual([
      { field: 'month', before: 'December 2025', after: 'January 2026' },
    ]);
    const sameYear: HistoryEntry = { ...moved, changes: { period: { old: 3, new: 4 } } };
    expect(describeEntry(await translator('ru'), 'ru', sameYear, invoice).changes).toEqual([
      { field: 'месяц', before: 'Март', after: 'Апрель' },
    ]);
  });

  it('links each row to its record', () => {
    expect(recordPath('costs', '55', rejectedCost.rowData)).toBe('/invoices/241');
    expect(recordPath('documents', 'abc')).toBe('/documents/abc');
    expect(recordPath('bills_payments', 'x', { bill_id: 7 })).toBe('/bills/7');
  });
});

// The record pages' shared rules: payments are offered on one rule for invoices and bills (the
// record's availableActions: the bill page once used a rule of its own), a failed save deletes
// its uploads only when it certainly created nothing, and wizard drafts are kept per user.
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { draftKey, readDraft, writeDraft } from '../src/components/form/draft-store.ts';
import { certainlyRefused } from '../src/components/form/upload-policy.ts';
import { paymentControls } from '../src/components/payment-controls.ts';
import { costActions } from '../src/components/CostActionsMenu.tsx';
import { COST_COLUMNS, type RecordCost } from '../src/components/record-cost-columns.tsx';
import { en, ru } from './catalogues.ts';
import { MemoryStorage } from './memory-storage.ts';

describe('payments are offered as the record allows, the same on an invoice and a bill', () => {
  it('adding needs add_payment and deleting delete_payment, whatever else the record offers', () => {
    expect(paymentControls(['validate', 'add_payment'])).toEqual({
      canAdd: true,
      canDelete: false,
    });
    expect(paymentControls(['delete_payment'])).toEqual({ canAdd: false, canDelete: true });
    // A bill that may be edited but whose period is closed, or is fully paid: no payment
    // (the bill page once offered one whenever "edit" was allowed and money remained).
    expect(paymentControls(['edit', 'archive'])).toEqual({ canAdd: false, canDelete: false });
    expect(paymentControls(null)).toEqual({ canAdd: false, canDelete: false });
  });
});

describe('the costs of an invoice and of a bill', () => {
  const cost: RecordCost = {
    id: 7,
    name: 'Hosting',
    status: 'approved',
    period: 3,
    year: 2026,
    amount: '1234.5',
    amountWVat: '1481.4',
    amountUsdWVat: '1600',
    currency: 'EUR',
  };

  it('offer the actions the database lists for each cost, in one order, and nothing else', () => {
    expect(costActions(['delete', 'approve', 'validate', null])).toEqual(['approve', 'delete']);
    expect(costActions(null)).toEqual([]);
  });

  it('name a billing period one way, the month in words and the year', async () => {
    const period = async (language: 'ru' | 'en') => {
      const i18n = createInstance();
      await i18n.init({
        resources: { en: { translation: en }, ru: { translation: ru } },
        lng: language,
        interpolation: { escapeValue: false },
      });
      return COST_COLUMNS.period.cell(cost, { t: i18n.t, language });
    };
    expect(await period('en')).toBe('March 2026');
    expect(await period('ru')).toBe('Март 2026');
  });

  it("show amounts in the record's currency when it has one, else in the cost's", async () => {
    const i18n = createInstance();
    await i18n.init({ resources: { en: { translation: en } }, lng: 'en' });
    const context = { t: i18n.t, language: 'en' };
    expect(COST_COLUMNS.amount.cell(cost, context)).toBe('1,234.50 EUR');
    expect(COST_COLUMNS.amount.cell(cost, { ...context, currency: 'USD' })).toBe('1,234.50 USD');
    expect(COST_COLUMNS.amountUsdWVat.cell(cost, context)).toBe('1,600.00 USD');
  });
});

describe('uploads of a failed save', () => {
  it('are deleted only when the server certainly refused the save', () => {
    expect(certainlyRefused(new ApiError('graphql', 'CostNotBillable', 'refused'))).toBe(true);
    expect(certainlyRefused(new ApiError('http', 'BadRequest', 'bad', { status: 400 }))).toBe(true);
    // The outcome is unknown: the record may exist and own the uploads.
    expect(certainlyRefused(new ApiError('network', 'NetworkError', 'offline'))).toBe(false);
    expect(
      certainlyRefused(new ApiError('http', 'InternalServerError', 'oops', { status: 500 })),
    ).toBe(false);
    expect(certainlyRefused(new Error('anything else'))).toBe(false);
  });
});

describe('wizard drafts', () => {
  it('are kept per form and user, and a broken one is ignored', () => {
    const storage = new MemoryStorage();
    const mine = draftKey('bill-wizard', 'user-1');
    expect(draftKey('bill-wizard', 'user-2')).not.toBe(mine);
    writeDraft(storage, mine, { name: 'Consulting' }, new Date('2026-11-24T10:00:00Z'));
    expect(readDraft(storage, mine)).toEqual({
      savedAt: '2026-11-24T10:00:00.000Z',
      data: { name: 'Consulting' },
    });
    expect(readDraft(storage, draftKey('bill-wizard', 'user-2'))).toBeUndefined();
    storage.setItem(mine, '{not json');
    expect(readDraft(storage, mine)).toBeUndefined();
  });
});

// Notifications are a type plus parameters, rendered in the reader's language and linked to their
// record (DESIGN §8: server messages in English never reach a Russian screen).
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from './catalogues.ts';
import { ru } from './catalogues.ts';
import {
  notificationLink,
  notificationText,
} from '../src/features/notifications/notification-text.ts';

async function translator(language: 'ru' | 'en') {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: en }, ru: { translation: ru } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const rejected = {
  type: 'invoice_rejected',
  title: 'Invoice FV/2026/0001 was rejected',
  params: { kind: 'invoice', id: '287', reference: 'FV/2026/0001', reason: 'Wrong VAT' },
};

describe('notifications', () => {
  it('render in the reader’s language from their type and parameters', async () => {
    expect(notificationText(await translator('ru'), rejected)).toBe('Счёт FV/2026/0001 отклонён');
    expect(notificationText(await translator('en'), rejected)).toBe(
      'Invoice FV/2026/0001 was rejected',
    );
  });

  it('a type the app does not know shows the stored title', async () => {
    const other = { type: 'something_new', title: 'Something happened', params: {} };
    expect(notificationText(await translator('ru'), other)).toBe('Something happened');
  });

  it('link to their record', () => {
    expect(notificationLink(rejected)).toBe('/invoices/287');
    expect(notificationLink({ ...rejected, params: { kind: 'bill', id: '12' } })).toBe('/bills/12');
    expect(notificationLink({ ...rejected, params: { kind: 'cost', id: '7' } })).toBe(
      '/redirect-to-invoice/cost/7',
    );
    expect(
      notificationLink({ ...rejected, params: { kind: 'invoice', id: '../x' } }),
    ).toBeUndefined();
  });
});

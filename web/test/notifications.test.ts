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
    expect(
      notificationLink({ ...rejected, params: { kind: 'invoice', id: '../x' } }),
    ).toBeUndefined();
  });

  // Where each type the database writes leads (params as app_private.notify stores them: the kind
  // is the type's first word). A type added to the catalogue without a line here fails.
  const UUID = '0d7c6d4e-8f3a-4b5e-9c1d-2e3f4a5b6c7d';
  const LINKS: Record<string, { id: string; to: string }> = {
    invoice_rejected: { id: '287', to: '/invoices/287' },
    invoice_validated: { id: '287', to: '/invoices/287' },
    invoice_paid: { id: '287', to: '/invoices/287' },
    cost_approved: { id: '7', to: '/redirect-to-invoice/cost/7' },
    cost_rejected: { id: '7', to: '/redirect-to-invoice/cost/7' },
    bill_paid: { id: '12', to: '/bills/12' },
    document_expiring: { id: UUID, to: `/documents/${UUID}` },
  };
  it('a notification of each type links to the page of its record (a cost: its invoice)', () => {
    const types = Object.keys((en as { notifications: { types: object } }).notifications.types);
    expect(Object.keys(LINKS).sort()).toEqual(types.sort());
    for (const [type, { id, to }] of Object.entries(LINKS)) {
      const kind = type.split('_')[0];
      expect(notificationLink({ type, title: '', params: { kind, id } }), type).toBe(to);
    }
  });

  it('an id of the wrong form for its kind links nowhere', () => {
    const link = (kind: string, id: string) =>
      notificationLink({ type: `${kind}_x`, title: '', params: { kind, id } });
    expect(link('document', '12')).toBeUndefined();
    expect(link('bill', UUID)).toBeUndefined();
    expect(link('cost', '7/../../admin')).toBeUndefined();
    expect(link('supplier', '7')).toBeUndefined();
  });
});

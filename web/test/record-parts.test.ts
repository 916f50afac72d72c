// The record pages' shared rules: payments are offered on one rule for invoices and bills (the
// record's availableActions: the bill page once used a rule of its own), a failed save deletes
// its uploads only when it certainly created nothing, and wizard drafts are kept per user.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { draftKey, readDraft, writeDraft } from '../src/components/form/draft-store.ts';
import { certainlyRefused } from '../src/components/form/upload-policy.ts';
import { paymentControls } from '../src/components/payment-controls.ts';
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

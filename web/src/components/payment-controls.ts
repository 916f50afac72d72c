/**
 * What an invoice or bill page lets you do with payments: exactly what the record's
 * availableActions offers (add_payment: payment:write, money remaining, an open period;
 * delete_payment: a payment exists). One rule for every record; the screen decides none of it.
 */
export function paymentControls(availableActions: readonly (string | null)[] | null | undefined): {
  canAdd: boolean;
  canDelete: boolean;
} {
  const actions = new Set(availableActions ?? []);
  return { canAdd: actions.has('add_payment'), canDelete: actions.has('delete_payment') };
}

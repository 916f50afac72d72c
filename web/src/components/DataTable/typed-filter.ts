// What a typed filter field (filter-fields.tsx) shows while its value travels through the address.

/**
 * Whether a filter field shows the applied value that just arrived. The field's own apply comes
 * back a moment later (the address changes first, the list's render after it) and the user may
 * have typed on meanwhile: that arrival keeps what is typed. A change from elsewhere (Back, a chip
 * removed) is shown.
 */
export function showsArrival<T>(arrived: T, ownApply: { value: T } | null): boolean {
  return ownApply === null || !Object.is(ownApply.value, arrived);
}

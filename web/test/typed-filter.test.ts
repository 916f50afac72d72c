// A typed filter keeps what the user types (issue 28 §8): the field's own apply arriving late
// does not overwrite what was typed since; a change from elsewhere is shown.
import { describe, expect, it } from 'vitest';
import { showsArrival } from '../src/components/DataTable/typed-filter.ts';

describe('a typed filter and the applied value', () => {
  it("the field's own apply arriving after the user typed on keeps what is typed", () => {
    // "Acme" applied; the list renders it while "INV-7" is already being typed.
    expect(showsArrival('Acme', { value: 'Acme' })).toBe(false);
  });
  it('a value from elsewhere (Back, a chip removed) is shown', () => {
    expect(showsArrival('', null)).toBe(true);
    expect(showsArrival('', { value: 'Acme' })).toBe(true);
    expect(showsArrival('Older', { value: 'Acme' })).toBe(true);
  });
  it('a date is followed by its time, so its own apply is recognised whatever the object', () => {
    const time = new Date(2026, 10, 1).getTime();
    expect(showsArrival(time, { value: new Date(2026, 10, 1).getTime() })).toBe(false);
    expect(showsArrival<number | null>(null, { value: time })).toBe(true);
  });
});

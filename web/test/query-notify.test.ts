// A query's answer reaches its screen in a microtask (app/query-client.ts; docs/web.md "First
// rows"): TanStack Query's own default is a timer, which waits behind every slice of a transition
// React is drawing meanwhile.
import { notifyManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import '../src/app/query-client.ts';

describe("a query's answer", () => {
  it('is handed to its observers in a microtask, not behind a timer', async () => {
    let told = false;
    notifyManager.schedule(() => {
      told = true;
    });
    await Promise.resolve();
    expect(told).toBe(true);
  });
});

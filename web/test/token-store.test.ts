// SPEC §4 token store and §9 storage keys and expiry.
import { describe, expect, it } from 'vitest';
import { expiryOf, TOKEN_KEYS, TokenStore } from '../src/session/token-store.ts';
import { MemoryStorage } from './memory-storage.ts';

const tokens = { accessToken: 'a', expiresAt: 1_000, refreshToken: 'r' };

describe('token store', () => {
  it('uses three keys with one product prefix', () => {
    const keys = Object.values(TOKEN_KEYS);
    expect(keys).toHaveLength(3);
    expect(new Set(keys.map((k) => k.split('.')[0]))).toEqual(new Set(['ledgerline']));
  });

  it('stores the expiry as (now + lifetime in seconds) × 1000', () => {
    expect(expiryOf(900, 1_700_000_000_123)).toBe((1_700_000_000 + 900) * 1000);
  });

  it('saves to persistent storage when staying signed in (the default), else to session storage', () => {
    const persistent = new MemoryStorage();
    const session = new MemoryStorage();
    const store = new TokenStore(persistent, session);
    store.save(tokens);
    expect(persistent.getItem(TOKEN_KEYS.accessToken)).toBe('a');
    expect(session.length).toBe(0);
    store.save(tokens, false);
    expect(persistent.length).toBe(0);
    expect(session.getItem(TOKEN_KEYS.refreshToken)).toBe('r');
    expect(store.state).toBe('saved');
  });

  it('loads from persistent storage first, then from session storage', () => {
    const persistent = new MemoryStorage();
    const session = new MemoryStorage();
    new TokenStore(new MemoryStorage(), session).save(
      { ...tokens, accessToken: 'from-session' },
      false,
    );
    new TokenStore(persistent, new MemoryStorage()).save({
      ...tokens,
      accessToken: 'from-persistent',
    });
    expect(new TokenStore(persistent, session).load()?.accessToken).toBe('from-persistent');
    expect(new TokenStore(new MemoryStorage(), session).load()?.accessToken).toBe('from-session');
    const empty = new TokenStore(new MemoryStorage(), new MemoryStorage());
    expect(empty.load()).toBeUndefined();
    expect(empty.state).toBe('empty');
  });

  it('clears, stashes and restores', () => {
    const persistent = new MemoryStorage();
    const store = new TokenStore(persistent, new MemoryStorage());
    store.save(tokens);
    store.stash();
    expect(store.state).toBe('stashed');
    expect(store.current).toBeUndefined();
    expect(persistent.length).toBe(0);
    store.restore();
    expect(store.current).toEqual(tokens);
    expect(persistent.getItem(TOKEN_KEYS.accessToken)).toBe('a');
    store.clear();
    expect(store.state).toBe('cleared');
    expect(persistent.length).toBe(0);
  });
});

// SPEC §4 session: the four states and their transitions.
import { describe, expect, it, vi } from 'vitest';
import {
  SessionState,
  SessionStore,
  toTokens,
  type CurrentUser,
  type SessionApi,
} from '../src/session/session-store.ts';
import { TokenStore } from '../src/session/token-store.ts';
import { MemoryStorage } from './memory-storage.ts';

const me: CurrentUser = {
  user: {
    id: 'u1',
    username: 'anna',
    firstName: 'Anna',
    lastName: 'K',
    additionalName: null,
    displayName: 'Anna K.',
    avatarFileId: null,
  },
  currentAccount: { id: 'a1', name: 'Main', isDefault: true },
  accounts: [
    { id: 'a1', name: 'Main', isDefault: true },
    { id: 'a2', name: 'Second', isDefault: false },
  ],
  effectiveScopes: ['invoice:read', 'admin:project'],
};

function setup(overrides: Partial<SessionApi> = {}) {
  const persistent = new MemoryStorage();
  const tokens = new TokenStore(persistent, new MemoryStorage());
  const api: SessionApi = {
    login: vi.fn(async () => ({ accessToken: 'access', expiresIn: 900, refreshToken: 'refresh' })),
    logout: vi.fn(async () => {}),
    switchAccount: vi.fn(async () => ({
      accessToken: 'access2',
      expiresIn: 900,
      refreshToken: 'refresh2',
    })),
    currentUser: vi.fn(async () => me),
    ...overrides,
  };
  return { store: new SessionStore(tokens, api), tokens, api, persistent };
}

describe('session', () => {
  it('without an access token, loading goes straight to logged out (3)', async () => {
    const { store, api } = setup();
    await store.load();
    expect(store.state).toBe(SessionState.LoggedOut);
    expect(api.currentUser).not.toHaveBeenCalled();
  });

  it('with a token it loads (1) and becomes authorized (2) with user, accounts and permissions', async () => {
    const { store, tokens } = setup();
    tokens.save(toTokens({ accessToken: 'x', expiresIn: 900, refreshToken: 'y' }));
    const loading = store.load();
    expect(store.state).toBe(SessionState.Loading);
    await loading;
    const snapshot = store.getSnapshot();
    expect(snapshot.state).toBe(SessionState.Authorized);
    expect(snapshot.user?.username).toBe('anna');
    expect(snapshot.permissions.invoiceRead).toBe(true);
    expect(snapshot.permissions.adminProject).toBe(true);
    expect(snapshot.permissions.billRead).toBe(false);
  });

  it('a failed load resets to 0 and clears the tokens', async () => {
    const { store, tokens } = setup({
      currentUser: vi.fn(async () => Promise.reject(new Error('boom'))),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    tokens.save(toTokens({ accessToken: 'x', expiresIn: 900, refreshToken: 'y' }));
    await store.load();
    expect(store.state).toBe(SessionState.NotLoaded);
    expect(tokens.current).toBeUndefined();
  });

  it('a network or server failure is tried again before the load counts as failed', async () => {
    const busy = Object.assign(new Error('busy'), { code: 'TooManyLargeRequests' });
    const currentUser = vi
      .fn()
      .mockRejectedValueOnce(busy)
      .mockRejectedValueOnce(Object.assign(new Error('net'), { code: 'NetworkError' }))
      .mockResolvedValue(me);
    const { store, tokens } = setup({ currentUser });
    store.retryDelayMs = 0;
    tokens.save(toTokens({ accessToken: 'x', expiresIn: 900, refreshToken: 'y' }));
    await store.load();
    expect(currentUser).toHaveBeenCalledTimes(3);
    expect(store.state).toBe(SessionState.Authorized);

    const failing = vi.fn().mockRejectedValue(busy);
    const again = setup({ currentUser: failing });
    again.store.retryDelayMs = 0;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    again.tokens.save(toTokens({ accessToken: 'x', expiresIn: 900, refreshToken: 'y' }));
    await again.store.load();
    expect(failing).toHaveBeenCalledTimes(3);
    expect(again.store.state).toBe(SessionState.NotLoaded);
    expect(again.tokens.current).toBeUndefined();
  });

  it('login saves the tokens (stay signed in → persistent) and loads; it is refused when authorized', async () => {
    const { store, api, persistent } = setup();
    await store.login('anna', 'pw');
    expect(store.state).toBe(SessionState.Authorized);
    expect(persistent.length).toBe(3);
    await store.login('anna', 'pw');
    expect(api.login).toHaveBeenCalledTimes(1);
  });

  it('logout acts only when authorized and clears user, accounts and tokens', async () => {
    const { store, api, tokens } = setup();
    await store.logout();
    expect(api.logout).not.toHaveBeenCalled();
    await store.login('anna', 'pw');
    await store.logout();
    expect(store.state).toBe(SessionState.LoggedOut);
    expect(store.getSnapshot().user).toBeUndefined();
    expect(store.getSnapshot().accounts).toEqual([]);
    expect(tokens.current).toBeUndefined();
  });

  it('switches only to an account the user has; an unknown id does nothing', async () => {
    const { store, api, tokens } = setup();
    await store.switchAccount('a2');
    expect(api.switchAccount).not.toHaveBeenCalled(); // not authorized yet
    await store.login('anna', 'pw');
    await store.switchAccount('nope');
    expect(api.switchAccount).not.toHaveBeenCalled();
    await store.switchAccount('a2');
    expect(api.switchAccount).toHaveBeenCalledWith('a2');
    expect(tokens.current?.accessToken).toBe('access2');
  });

  it('tokens cleared in another tab end an authorized session and reload', async () => {
    const { store, persistent } = setup();
    const reload = vi.fn();
    store.onExternalLogout = reload;
    await store.login('anna', 'pw');
    persistent.clear();
    store.tokensClearedElsewhere();
    expect(store.state).toBe(SessionState.LoggedOut);
    expect(reload).toHaveBeenCalled();
  });

  it('a refresh without a new refresh token keeps the old one', () => {
    const tokens = toTokens(
      { accessToken: 'new', expiresIn: 60, refreshToken: null },
      { accessToken: 'old', expiresAt: 0, refreshToken: 'keep' },
    );
    expect(tokens.refreshToken).toBe('keep');
  });
});

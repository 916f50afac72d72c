import { permissionFlags, type PermissionFlags } from './permissions.ts';
import { expiryOf, type TokenStore, type Tokens } from './token-store.ts';

/** SPEC §4: 0 not loaded, 1 loading, 2 authorized, 3 logged out or failed. */
export const SessionState = { NotLoaded: 0, Loading: 1, Authorized: 2, LoggedOut: 3 } as const;
export type SessionStateValue = (typeof SessionState)[keyof typeof SessionState];

export interface SessionAccount {
  id: string;
  name: string;
  isDefault: boolean;
}

export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  additionalName: string | null;
  displayName: string;
  avatarFileId: string | null;
}

export interface CurrentUser {
  user: SessionUser;
  currentAccount: SessionAccount | null;
  accounts: SessionAccount[];
  effectiveScopes: string[];
}

export interface IssuedTokens {
  accessToken: string;
  expiresIn: number;
  refreshToken?: string | null;
}

/** The server calls the session needs; the real ones go through GraphQL (api/auth.ts). */
export interface SessionApi {
  login(username: string, password: string): Promise<IssuedTokens>;
  logout(): Promise<void>;
  switchAccount(accountId: string): Promise<IssuedTokens>;
  currentUser(): Promise<CurrentUser>;
}

export interface SessionSnapshot {
  state: SessionStateValue;
  user: SessionUser | undefined;
  currentAccount: SessionAccount | undefined;
  accounts: SessionAccount[];
  scopes: string[];
  permissions: PermissionFlags;
}

const EMPTY: Omit<SessionSnapshot, 'state'> = {
  user: undefined,
  currentAccount: undefined,
  accounts: [],
  scopes: [],
  permissions: permissionFlags([]),
};

/**
 * The session state machine of SPEC §4. Framework-free so it can be tested alone; React reads it
 * through useSyncExternalStore.
 */
export class SessionStore {
  private readonly tokens: TokenStore;
  private readonly api: SessionApi;
  private snapshot: SessionSnapshot = { state: SessionState.NotLoaded, ...EMPTY };
  private readonly listeners = new Set<() => void>();
  /** Called when tokens vanish in another tab while authorized (the page then reloads). */
  onExternalLogout: () => void = () => {};

  constructor(tokens: TokenStore, api: SessionApi) {
    this.tokens = tokens;
    this.api = api;
  }

  get state(): SessionStateValue {
    return this.snapshot.state;
  }

  getSnapshot = (): SessionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Loading starts only if an access token exists; otherwise the state becomes 3. */
  async load(): Promise<void> {
    const tokens = this.tokens.current ?? this.tokens.load();
    if (!tokens?.accessToken) {
      this.set({ state: SessionState.LoggedOut, ...EMPTY });
      return;
    }
    this.set({ state: SessionState.Loading });
    try {
      const current = await this.currentUserRetryingTransient();
      this.set({
        state: SessionState.Authorized,
        user: current.user,
        accounts: current.accounts,
        currentAccount: current.currentAccount ?? undefined,
        scopes: current.effectiveScopes,
        permissions: permissionFlags(current.effectiveScopes),
      });
    } catch (error) {
      // A failed load resets to 0 and clears the tokens.
      console.error('Loading the current user failed', error);
      this.tokens.clear();
      this.set({ state: SessionState.NotLoaded, ...EMPTY });
    }
  }

  /**
   * The current user; a failure that says nothing about the session (the network, a busy or
   * failing server) is tried again twice, a second apart, before the load counts as failed and
   * the tokens are cleared: a blip on reload does not sign a user out.
   */
  private async currentUserRetryingTransient(): Promise<CurrentUser> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.api.currentUser();
      } catch (error) {
        if (attempt >= 3 || !isTransient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      }
    }
  }

  /** Between attempts to load the current user (tests set 0). */
  retryDelayMs = 1000;

  /** Refused while loading or authorized. */
  async login(username: string, password: string, staySignedIn = true): Promise<void> {
    if (this.state === SessionState.Loading || this.state === SessionState.Authorized) return;
    const issued = await this.api.login(username, password);
    this.tokens.save(toTokens(issued), staySignedIn);
    await this.load();
  }

  /** Acts only when authorized: clears user, accounts and tokens, then state 3. */
  async logout(): Promise<void> {
    if (this.state !== SessionState.Authorized) return;
    try {
      await this.api.logout();
    } catch {
      // The server may be unreachable; the session ends here regardless.
    }
    this.tokens.clear();
    this.set({ state: SessionState.LoggedOut, ...EMPTY });
  }

  /** Only when authorized and only to one of the user's accounts; an unknown id does nothing. */
  async switchAccount(accountId: string): Promise<void> {
    if (this.state !== SessionState.Authorized) return;
    if (!this.snapshot.accounts.some((account) => account.id === accountId)) return;
    const issued = await this.api.switchAccount(accountId);
    this.tokens.save(toTokens(issued, this.tokens.current));
    await this.load();
  }

  /** New tokens from a refresh (kept in the same storage). */
  tokensRefreshed(issued: IssuedTokens): void {
    this.tokens.save(toTokens(issued, this.tokens.current));
  }

  /** The refresh failed for good: the session ends. */
  sessionExpired(): void {
    this.tokens.clear();
    this.set({ state: SessionState.LoggedOut, ...EMPTY });
  }

  /** Another tab cleared the tokens: an authorized session ends here too. */
  tokensClearedElsewhere(): void {
    if (this.state !== SessionState.Authorized) return;
    this.tokens.load();
    if (this.tokens.current) return;
    this.set({ state: SessionState.LoggedOut, ...EMPTY });
    this.onExternalLogout();
  }
}

/** Tokens to store; when a refresh returns no new refresh token, the old one is kept. */
export function toTokens(issued: IssuedTokens, previous?: Tokens): Tokens {
  return {
    accessToken: issued.accessToken,
    expiresAt: expiryOf(issued.expiresIn),
    refreshToken: issued.refreshToken || previous?.refreshToken || '',
  };
}

const TRANSIENT_CODES = new Set([
  'NetworkError',
  'InternalServerError',
  'ServiceUnavailable',
  'TooManyLargeRequests',
]);

/** A failure of the request rather than a verdict on the session (an expired token is one). */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

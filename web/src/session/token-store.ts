/** Tokens of a signed-in session (SPEC §3 Session tokens). */
export interface Tokens {
  accessToken: string;
  /** When the access token expires, in ms since the epoch: (now s + expiresIn s) × 1000. */
  expiresAt: number;
  refreshToken: string;
}

/** The three browser-storage keys, with one product prefix (SPEC §9). */
export const TOKEN_KEYS = {
  accessToken: 'ledgerline.accessToken',
  expiresAt: 'ledgerline.accessTokenExpiresAt',
  refreshToken: 'ledgerline.refreshToken',
} as const;

export type TokenStoreState = 'empty' | 'loaded' | 'saved' | 'cleared' | 'stashed';

/** SPEC §9: expiry is (current time + lifetime in seconds) × 1000. */
export function expiryOf(expiresInSeconds: number, nowMs = Date.now()): number {
  return (Math.floor(nowMs / 1000) + expiresInSeconds) * 1000;
}

function read(storage: Storage): Tokens | undefined {
  const accessToken = storage.getItem(TOKEN_KEYS.accessToken);
  const refreshToken = storage.getItem(TOKEN_KEYS.refreshToken);
  const expiresAt = Number(storage.getItem(TOKEN_KEYS.expiresAt));
  if (!accessToken || !refreshToken) return undefined;
  return { accessToken, refreshToken, expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0 };
}

function write(storage: Storage, tokens: Tokens): void {
  storage.setItem(TOKEN_KEYS.accessToken, tokens.accessToken);
  storage.setItem(TOKEN_KEYS.expiresAt, String(tokens.expiresAt));
  storage.setItem(TOKEN_KEYS.refreshToken, tokens.refreshToken);
}

function erase(storage: Storage): void {
  for (const key of Object.values(TOKEN_KEYS)) storage.removeItem(key);
}

/**
 * Keeps the tokens in persistent storage when the user chose to stay signed in (the default), in
 * session storage otherwise. Loading looks in persistent storage first, then session storage.
 */
export class TokenStore {
  private readonly persistent: Storage;
  private readonly session: Storage;
  private tokens: Tokens | undefined;
  private stashed: { tokens: Tokens; persistent: boolean } | undefined;
  private persistentChosen = true;
  state: TokenStoreState = 'empty';

  constructor(persistent: Storage, session: Storage) {
    this.persistent = persistent;
    this.session = session;
  }

  load(): Tokens | undefined {
    const fromPersistent = read(this.persistent);
    const found = fromPersistent ?? read(this.session);
    this.persistentChosen = fromPersistent !== undefined || !found;
    this.tokens = found;
    this.state = found ? 'loaded' : 'empty';
    return found;
  }

  get current(): Tokens | undefined {
    return this.tokens;
  }

  /** Whether the tokens live in persistent storage ("stay signed in"). */
  get staySignedIn(): boolean {
    return this.persistentChosen;
  }

  save(tokens: Tokens, staySignedIn = this.persistentChosen): void {
    this.persistentChosen = staySignedIn;
    erase(staySignedIn ? this.session : this.persistent);
    write(staySignedIn ? this.persistent : this.session, tokens);
    this.tokens = tokens;
    this.state = 'saved';
  }

  clear(): void {
    erase(this.persistent);
    erase(this.session);
    this.tokens = undefined;
    this.state = 'cleared';
  }

  /** Sets the tokens aside (out of storage) to be restored later. */
  stash(): void {
    if (!this.tokens) return;
    this.stashed = { tokens: this.tokens, persistent: this.persistentChosen };
    erase(this.persistent);
    erase(this.session);
    this.tokens = undefined;
    this.state = 'stashed';
  }

  restore(): void {
    if (!this.stashed) return;
    this.save(this.stashed.tokens, this.stashed.persistent);
    this.stashed = undefined;
  }
}

// A screen's queries, asked for as the address is opened (docs/web.md "First rows"). A list's
// variables come from its address through its screen's own code, which is in the screen's chunk:
// without help the query could leave only once that chunk has arrived. So each screen query that
// runs (a list's, a record's; not a look-up kept in the cache) is remembered in this tab (session
// storage) under its address and account; when that address is opened again (a reload, a link,
// the sidebar) the same query is sent at once, in parallel with the session and the chunks, and
// the screen's own query takes its answer when it asks for exactly the same operation, account and
// variables within a few seconds. Anything else is sent as usual; an answer nobody takes is dropped.
import { operationOf, type DocumentText } from '../api/transport.ts';

const STORAGE_KEY = 'ledgerline.rememberedQueries';
/** The queries remembered, one per operation, address and account (the most recent first). */
const LIMIT = 60;
/** How long an early answer may be taken: never an old page shown as fresh. */
export const EARLY_ANSWER_MS = 5000;

interface Remembered {
  address: string;
  account: string;
  text: string;
  hash?: string;
  variables: object;
}

interface Early {
  answer: Promise<unknown>;
  at: number;
}

type Send = (document: DocumentText, variables: object) => Promise<unknown>;

/** The identity of a query: its operation, the account and the variables (as the cache keys it). */
export function queryIdentity(name: string, account: string | undefined, variables: object) {
  return JSON.stringify([name, account ?? null, variables]);
}

/** The account an access token was issued for: its `account_id` claim (read, not verified). */
export function tokenAccount(token: string | undefined): string | undefined {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return undefined;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      account_id?: unknown;
    };
    return typeof claims.account_id === 'string' ? claims.account_id : undefined;
  } catch {
    return undefined;
  }
}

export class RememberedQueries {
  private readonly storage: Storage | undefined;
  private readonly send: Send;
  private readonly now: () => number;
  private readonly early = new Map<string, Early>();

  constructor(storage: Storage | undefined, send: Send, now: () => number = Date.now) {
    this.storage = storage;
    this.send = send;
    this.now = now;
  }

  private read(): Remembered[] {
    try {
      const list = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
      return Array.isArray(list) ? (list as Remembered[]) : [];
    } catch {
      return [];
    }
  }

  /** A list query that ran for `address` as `account`: the one sent next time it is opened. */
  remember(address: string, account: string, document: DocumentText, variables: object): void {
    if (!this.storage) return;
    const text = document.toString();
    const name = operationOf(document).name;
    const entry: Remembered = { address, account, text, hash: document.__meta__?.hash, variables };
    const others = this.read().filter(
      (item) =>
        !(
          item.address === address &&
          item.account === account &&
          operationOf({ toString: () => item.text }).name === name
        ),
    );
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify([entry, ...others].slice(0, LIMIT)));
    } catch {
      // Storage full or refused: nothing is remembered, lists load as usual.
    }
  }

  /**
   * Sends the queries remembered for `address` as `account` (the access token's: the one the
   * answer is for), unless one was just sent.
   */
  open(address: string, account: string | undefined): void {
    if (!account) return;
    for (const [identity, sent] of this.early)
      if (this.now() - sent.at >= EARLY_ANSWER_MS) this.early.delete(identity);
    for (const item of this.read()) {
      if (item.address !== address || item.account !== account) continue;
      const document: DocumentText = {
        toString: () => item.text,
        ...(item.hash ? { __meta__: { hash: item.hash } } : {}),
      };
      const identity = queryIdentity(operationOf(document).name, item.account, item.variables);
      const sent = this.early.get(identity);
      if (sent && this.now() - sent.at < EARLY_ANSWER_MS) continue;
      const answer = this.send(document, item.variables);
      // A failure is the screen's to report, if it takes this answer.
      answer.catch(() => {});
      this.early.set(identity, { answer, at: this.now() });
    }
  }

  /** The early answer to exactly this query, once, if it was sent a moment ago. */
  take(name: string, account: string | undefined, variables: object): Promise<unknown> | undefined {
    const identity = queryIdentity(name, account, variables);
    const sent = this.early.get(identity);
    if (!sent) return undefined;
    this.early.delete(identity);
    return this.now() - sent.at < EARLY_ANSWER_MS ? sent.answer : undefined;
  }

  /** Forgets every address (signing out). */
  clear(): void {
    this.early.clear();
    this.storage?.removeItem(STORAGE_KEY);
  }
}

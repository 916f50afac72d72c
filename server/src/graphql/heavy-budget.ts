import { GraphQLError } from 'postgraphile/graphql';

/**
 * The server-wide budget of heavy GraphQL operations (docs/operations.md "Heavy operations"): at
 * most `slots` run at once, each account at most `perAccount` of them; the others wait in a queue
 * of at most `queueSize`, taken in turn account by account (round robin), for at most
 * `waitMs`. A heavy operation that finds the queue full, or waits past its deadline, is refused
 * with ServerBusy (HTTP 503 with Retry-After). Light operations never pass through here.
 */
export interface HeavyBudgetOptions {
  /** Heavy operations running at once in this process. */
  slots: number;
  /** Heavy operations one account may run at once (at most slots - 1 when there are two or more). */
  perAccount: number;
  /** Heavy operations waiting at once, all accounts together. */
  queueSize: number;
  /** How long a heavy operation may wait for its turn, in ms. */
  waitMs: number;
}

/** The refusal's code; app.ts answers it with HTTP 503 and Retry-After. */
export const SERVER_BUSY = { code: 'ServerBusy', retryAfterSeconds: 2 } as const;

export type BusyReason = 'queueFull' | 'deadline' | 'closing';

const BUSY_MESSAGES: Record<BusyReason, string> = {
  queueFull:
    'The server is busy with large requests and cannot queue another. Try again in a moment.',
  deadline: 'The server was busy with large requests for too long. Try again in a moment.',
  closing: 'The server is restarting and did not start this large request. Try again in a moment.',
};

export function serverBusy(reason: BusyReason): GraphQLError {
  const message = BUSY_MESSAGES[reason];
  return new GraphQLError(message, {
    extensions: {
      code: SERVER_BUSY.code,
      reason,
      retryAfterSeconds: SERVER_BUSY.retryAfterSeconds,
    },
  });
}

interface Waiter {
  account: string;
  start: () => void;
  /** Refuses it without running it (the server closes). */
  drop: () => void;
  timer: NodeJS.Timeout;
}

export class HeavyBudget {
  readonly options: HeavyBudgetOptions;
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  /** Waiting operations per account, in arrival order; the map's order is the turn order. */
  private readonly queues = new Map<string, Waiter[]>();
  private queued = 0;
  private closed = false;

  constructor(options: HeavyBudgetOptions) {
    const perAccount = Math.max(
      1,
      Math.min(options.perAccount, options.slots > 1 ? options.slots - 1 : 1),
    );
    this.options = { ...options, perAccount };
  }

  /** Operations running and waiting now. */
  get state() {
    return { running: this.running, queued: this.queued };
  }

  private mayStart(account: string): boolean {
    return (
      this.running < this.options.slots &&
      (this.runningBy.get(account) ?? 0) < this.options.perAccount
    );
  }

  private take(account: string) {
    this.running += 1;
    this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
  }

  private give(account: string) {
    this.running -= 1;
    const left = (this.runningBy.get(account) ?? 1) - 1;
    if (left > 0) this.runningBy.set(account, left);
    else this.runningBy.delete(account);
    this.next();
  }

  /** Starts waiting operations while slots are free: the first account in turn that may run. */
  private next() {
    for (const [account, waiters] of this.queues) {
      if (this.running >= this.options.slots) return;
      if (!this.mayStart(account)) continue;
      const waiter = waiters.shift()!;
      this.queued -= 1;
      // The account goes to the end of the turn order (round robin between accounts).
      this.queues.delete(account);
      if (waiters.length > 0) this.queues.set(account, waiters);
      clearTimeout(waiter.timer);
      this.take(account);
      waiter.start();
    }
  }

  /**
   * The server closes: every waiting operation is refused (ServerBusy, reason `closing`) without
   * running, and so is every later one; those running finish.
   */
  close() {
    this.closed = true;
    for (const waiters of this.queues.values()) {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.drop();
      }
    }
    this.queues.clear();
    this.queued = 0;
  }

  /**
   * Runs `work` when the budget allows; refuses with ServerBusy (through `refuse`) when the queue
   * is full or the deadline passes first.
   */
  async run<T, R = T>(
    account: string,
    work: () => T | Promise<T>,
    refuse: (error: GraphQLError) => R,
  ): Promise<T | R> {
    if (this.closed) return refuse(serverBusy('closing'));
    if (this.queues.size === 0 && this.mayStart(account)) {
      this.take(account);
    } else {
      if (this.queued >= this.options.queueSize) return refuse(serverBusy('queueFull'));
      const started = await new Promise<boolean | 'closing'>((resolve) => {
        const waiter: Waiter = {
          account,
          start: () => resolve(true),
          drop: () => resolve('closing'),
          timer: setTimeout(() => {
            const waiters = this.queues.get(account);
            const at = waiters?.indexOf(waiter) ?? -1;
            if (waiters && at >= 0) {
              waiters.splice(at, 1);
              this.queued -= 1;
              if (waiters.length === 0) this.queues.delete(account);
            }
            resolve(false);
          }, this.options.waitMs),
        };
        const waiters = this.queues.get(account);
        if (waiters) waiters.push(waiter);
        else this.queues.set(account, [waiter]);
        this.queued += 1;
        // Others waiting may be held by their own account's share while this one may start.
        this.next();
      });
      if (started === 'closing') return refuse(serverBusy('closing'));
      if (!started) return refuse(serverBusy('deadline'));
    }
    try {
      return await work();
    } finally {
      this.give(account);
    }
  }
}

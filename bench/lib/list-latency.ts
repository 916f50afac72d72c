// The list screens' latency as the benchmark measures it, shared by `bench` and `bench:growth`:
// page 1 of each list screen as each demo account whose permissions open it (the route's flag from
// the account's effective scopes, as the web app decides), and the requests measured for
// information; one connection at a time, the server's own time per request (the benchmark server
// times each request labelled by x-bench-label and hands the timings out at /bench/timings).
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../../server/src/db/seed.ts';
import { CurrentUserDocument, LoginDocument } from '../../web/src/api/session-generated.ts';
import { permissionFlags } from '../../web/src/session/permissions.ts';
import { formatCount, log } from './cli.ts';
import type { ListRun } from './notes.ts';
import { byId, INFO_CASES, type Account } from './queries.ts';
import { ACCOUNTS, SCREENS, UNPAID_TOTALS } from './screens.ts';
import { fmt, median, percentile } from './stats.ts';

export interface GraphQLResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One request the load sends over and over. */
export interface LoadTarget {
  /** Path on the server. */
  path: string;
  /** JSON request body. */
  body: string;
  token: string;
  /** Timing label (x-bench-label). */
  label: string;
}

/** POSTs JSON to the server; an HTTP error throws with the answer's start. */
export async function postJson(base: string, url: string, payload: unknown, token?: string) {
  const response = await fetch(base + url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return { json: JSON.parse(text) as GraphQLResponse, bytes: Buffer.byteLength(text) };
}

/** A GraphQL answer's data; an error or an answer without data throws. */
export function graphqlData(label: string, result: GraphQLResponse) {
  if (result.errors?.length || !result.data) {
    throw new Error(`${label}: ${JSON.stringify(result.errors ?? result).slice(0, 500)}`);
  }
  return result.data;
}

/** An access token for each demo account. */
export async function signInAll(base: string): Promise<Record<Account, string>> {
  const tokens = {} as Record<Account, string>;
  for (const username of ACCOUNTS) {
    const { json } = await postJson(
      base,
      '/graphql',
      byId(LoginDocument.toString(), { username, password: DEMO_PASSWORD }),
    );
    tokens[username] = (graphqlData('login', json).login as { accessToken: string }).accessToken;
  }
  return tokens;
}

/**
 * Signs every account in again and gives each case its new token: an access token lives 15
 * minutes (ACCESS_TOKEN_TTL), less than a run of every list's rounds.
 */
export async function renewTokens(base: string, cases: ListCase[]) {
  const tokens = await signInAll(base);
  for (const item of cases) item.target.token = tokens[item.account];
}

/** The server's timings (ms per label) and GraphQL errors since the last call, which clears them. */
async function takeTimings(base: string) {
  const response = await fetch(`${base}/bench/timings`);
  return (await response.json()) as {
    timings: Record<string, number[]>;
    errors: Record<string, number>;
  };
}

/**
 * Sends `target` on `connections` connections for `duration` seconds; any failure (an HTTP error,
 * a timeout, a GraphQL error) throws. The server's time of each request, and the client's view.
 */
export async function loadTarget(
  base: string,
  target: LoadTarget,
  connections: number,
  duration: number,
) {
  await takeTimings(base);
  const result = await autocannon({
    url: base + target.path,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${target.token}`,
      'x-bench-label': target.label,
    },
    body: target.body,
    connections,
    duration,
    timeout: 30,
  });
  const { timings, errors } = await takeTimings(base);
  const failures = result.non2xx + result.errors + result.timeouts + (errors[target.label] ?? 0);
  if (failures > 0) {
    throw new Error(
      `${target.label}: ${result.non2xx} non-2xx, ${result.errors} connection errors, ` +
        `${result.timeouts} timeouts, ${errors[target.label] ?? 0} GraphQL errors`,
    );
  }
  const serverMs = timings[target.label] ?? [];
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    rps: serverMs.length / seconds,
    serverMs,
    latencyP50: result.latency.p50,
    latencyP97: result.latency.p97_5,
  };
}

/** Each account's permission flags, from its effective scopes as the web app computes them. */
export async function accountFlags(base: string, tokens: Record<Account, string>) {
  const flags = {} as Record<Account, ReturnType<typeof permissionFlags>>;
  for (const account of ACCOUNTS) {
    const { json } = await postJson(
      base,
      '/graphql',
      byId(CurrentUserDocument.toString()),
      tokens[account],
    );
    const user = graphqlData('currentUser', json).currentUser as { effectiveScopes: string[] };
    flags[account] = permissionFlags(user.effectiveScopes);
  }
  return flags;
}

/** One list request measured round after round. */
export type ListCase = Omit<ListRun, 'samples' | 'p50' | 'p95' | 'p99' | 'p95Rounds'> & {
  target: LoadTarget;
  rounds: { p50: number; p95: number; p99: number; samples: number }[];
};

/**
 * Every list screen as each account that may open it, then the requests measured for information
 * (the unpaid view's total, the API's payments list); each sent once here (its answer checked,
 * its rows counted) before it is measured.
 */
export async function listCases(base: string, tokens: Record<Account, string>) {
  const flags = await accountFlags(base, tokens);
  const listCase = async (
    item: { key: string; screen: string; url: string },
    label: string,
    account: Account,
    query: string,
    variables: Record<string, unknown>,
  ): Promise<ListCase> => {
    const body = JSON.stringify(byId(query, variables));
    const sample = await postJson(base, '/graphql', JSON.parse(body), tokens[account]);
    const data = graphqlData(label, sample.json);
    // A list's connection; the unpaid total's asks for its sum only (no count, no rows).
    const connection = Object.values(data)[0] as { totalCount?: number; nodes?: unknown[] };
    return {
      ...item,
      account,
      totalCount: connection.totalCount ?? null,
      rows: connection.nodes?.length ?? 0,
      kB: sample.bytes / 1024,
      target: { path: '/graphql', body, token: tokens[account], label },
      rounds: [],
    };
  };
  const lists: ListCase[] = [];
  for (const screen of SCREENS) {
    for (const account of ACCOUNTS.filter((a) => flags[a][screen.permission])) {
      lists.push(
        await listCase(screen, `${screen.key}/${account}`, account, screen.query, screen.variables),
      );
    }
  }
  const info: ListCase[] = [];
  for (const infoCase of [...UNPAID_TOTALS, ...INFO_CASES]) {
    info.push(
      await listCase(
        { ...infoCase, url: '' },
        infoCase.key,
        infoCase.account,
        infoCase.query,
        infoCase.variables,
      ),
    );
  }
  return { lists, info };
}

/**
 * One round of a list: a warm-up (only in the first round), then `duration` seconds on one
 * connection; the round's percentiles are kept on the case. `where` names the server in the log.
 */
export async function measureListRound(
  base: string,
  item: ListCase,
  options: { warmup: number; duration: number; where?: string },
) {
  if (options.warmup > 0) await loadTarget(base, item.target, 1, options.warmup);
  const run = await loadTarget(base, item.target, 1, options.duration);
  const figures = {
    p50: percentile(run.serverMs, 50),
    p95: percentile(run.serverMs, 95),
    p99: percentile(run.serverMs, 99),
    samples: run.serverMs.length,
  };
  item.rounds.push(figures);
  log(
    `  round ${item.rounds.length} ${options.where ?? ''}${item.target.label.padEnd(28)} ` +
      `p95 ${fmt(figures.p95, 1).padStart(6)} ms (${figures.samples} requests` +
      `${item.totalCount == null ? '' : `, ${formatCount(item.totalCount)} rows counted`})`,
  );
}

/** A case's figures: the medians of its rounds' percentiles. */
export function listRun({ target: _target, rounds, ...item }: ListCase): ListRun {
  return {
    ...item,
    samples: rounds.reduce((sum, r) => sum + r.samples, 0),
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    p95Rounds: rounds.map((r) => r.p95),
  };
}

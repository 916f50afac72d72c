// The server under test, started by bench.ts as a child process (the load comes from the parent):
// the product's own app (buildApp: /graphql with login, RLS-bound visitor) plus, for comparison
//   POST /bench/raw/invoices       the nested invoice list as one hand-written SQL statement, in the
//                                  same per-request transaction and settings as a GraphQL request;
//   POST /bench/bypass/graphql     a second PostGraphile instance, identical (the same trusted
//                                  documents) except that requests run as a role with BYPASSRLS
//                                  (exists only in the bench cluster);
//   GET  /bench/timings            server-side durations per x-bench-label header (then cleared).
import '../server/src/env.ts';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { grafserv } from 'postgraphile/grafserv/fastify/v5';
import { buildApp } from '../server/src/app.ts';
import { AuthService } from '../server/src/auth/service.ts';
import { accessTokens } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { withVisitor } from '../server/src/db/visitor.ts';
import { requestContext } from '../server/src/graphql/context.ts';
import { HeavyBudget } from '../server/src/graphql/heavy-budget.ts';
import { withPgClientOn } from '../server/src/graphql/pg-client.ts';
import { makePreset } from '../server/src/graphql/preset.ts';
import { trustedDocuments } from '../server/src/graphql/trusted-documents.ts';
import { BYPASS_ROLE } from './lib/cluster.ts';
import { BENCH_DOCUMENTS, RAW_NESTED_SQL } from './lib/queries.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (bench/server.ts is started by bench/bench.ts)`);
  return value;
};
const ownerUrl = env('BENCH_OWNER_URL');
const authenticatorUrl = env('BENCH_AUTHENTICATOR_URL');
const jwtSecret = env('BENCH_JWT_SECRET');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-bench-'));
// Development mode (BENCH_PRODUCTION=false, bench/fairness.ts) runs any query, as a client of a
// development server may send.
const production = process.env.BENCH_PRODUCTION !== 'false';
const config = loadConfig({
  production,
  dataDir,
  fileSweepIntervalMs: 0,
  // Every login in the throughput run succeeds; the limit counts failures only, but keep it clear.
  loginRateLimit: 1_000_000,
});
// Production: only trusted documents run, the web app's and the benchmark's own (the nested list
// and the payments list, which no screen sends).
const app = await buildApp({
  config,
  ownerUrl,
  authenticatorUrl,
  jwtSecret,
  trustedDocuments: BENCH_DOCUMENTS,
  // The web build only for the browser benchmark (bench/browser.ts).
  webRoot: process.env.BENCH_WEB_ROOT || path.join(dataDir, 'no-web-build'),
});

// Server-side time of each labelled request, from the first hook to the response sent.
const timings = new Map<string, number[]>();
const graphqlErrors = new Map<string, number>();
app.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
  const label = request.headers['x-bench-label'];
  if (typeof label !== 'string') return payload;
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload : undefined;
  if (text !== undefined && text.includes('"errors":')) {
    graphqlErrors.set(label, (graphqlErrors.get(label) ?? 0) + 1);
  }
  return payload;
});
app.addHook('onResponse', async (request, reply) => {
  const label = request.headers['x-bench-label'];
  if (typeof label !== 'string') return;
  let list = timings.get(label);
  if (!list) timings.set(label, (list = []));
  list.push(reply.elapsedTime);
});
// A CPU profile of this process between start and stop (bench/profile.ts): the inspector's
// sampling profiler, as node --cpu-prof writes, but only around the measured load.
const profiler = new inspector.Session();
profiler.connect();
app.post('/bench/profile/start', async () => {
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
  return { started: true };
});
app.post('/bench/profile/stop', async (_request, reply) => {
  const { profile } = await profiler.post('Profiler.stop');
  await profiler.post('Profiler.disable');
  return reply.type('application/json').send(JSON.stringify(profile));
});
app.get('/bench/timings', async () => {
  const result = {
    timings: Object.fromEntries(timings),
    errors: Object.fromEntries(graphqlErrors),
  };
  timings.clear();
  graphqlErrors.clear();
  return result;
});

// The raw twin of the nested invoice list: same body as the GraphQL request, same transaction and
// settings (withVisitor: role, jwt claims, statement timeout), one prepared statement.
const rawPool = new pg.Pool({ connectionString: authenticatorUrl, max: 20 });
app.post('/bench/raw/invoices', async (request, reply) => {
  const claims = request.claims;
  if (!claims) return reply.code(401).send({ error: true, message: 'sign in first' });
  const variables = (request.body as { variables?: { subsidiaryId?: string } }).variables;
  const body = await withVisitor(rawPool, claims, async (client) => {
    const { rows } = await client.query<{ body: string }>({
      name: 'bench-raw-nested-invoices',
      text: RAW_NESTED_SQL,
      values: [variables?.subsidiaryId],
    });
    return rows[0]!.body;
  });
  return reply.type('application/json; charset=utf-8').send(body);
});

// The same GraphQL API as /graphql, its requests run as the BYPASSRLS role.
const ownerPool = new pg.Pool({ connectionString: ownerUrl, max: 2 });
const auth = new AuthService({
  pool: ownerPool,
  tokens: accessTokens(jwtSecret, config.accessTokenTtl),
  refreshTokenTtl: config.refreshTokenTtl,
  loginRateLimit: config.loginRateLimit,
  loginRateWindowMs: config.loginRateWindowMs,
});
// Its connections as /graphql's (graphql/pg-client.ts), so that the two differ by the role alone.
const bypassPool = new pg.Pool({ connectionString: authenticatorUrl, max: 20 });
const bypass = postgraphile({
  extends: [
    makePreset({
      pool: bypassPool,
      production: true,
      auth,
      trustedDocuments: { documents: trustedDocuments(BENCH_DOCUMENTS), only: true },
      heavy: {
        budget: new HeavyBudget({ slots: 2, perAccount: 1, queueSize: 16, waitMs: 10_000 }),
        withPgClient: withPgClientOn(bypassPool),
        lightWithPgClient: withPgClientOn(bypassPool),
      },
    }),
  ],
  grafserv: { graphqlPath: '/bench/bypass/graphql', graphiql: false, graphqlOverGET: false },
  grafast: {
    context(ctx) {
      const context = requestContext(ctx.fastifyv5?.request, auth);
      return { ...context, pgSettings: { ...context.pgSettings, role: BYPASS_ROLE } };
    },
  },
});
await bypass.createServ(grafserv).addTo(app);

app.addHook('onClose', async () => {
  await bypass.release();
  await bypassPool.end();
  await rawPool.end();
  await ownerPool.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT || 0) });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
if (process.send) process.send({ type: 'ready', port });
else console.log(`bench server listening on http://127.0.0.1:${port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
if (process.send) process.on('disconnect', () => void stop());

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { grafserv } from 'postgraphile/grafserv/fastify/v5';
import { AuthService } from './auth/service.ts';
import { accessTokens } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { LocalBlobStore } from './files/blob-store.ts';
import { bankingRoutes } from './banking/routes.ts';
import { storageRoutes } from './files/routes.ts';
import { sweepFiles } from './files/sweeper.ts';
import { clientErrorRoutes } from './client-errors.ts';
import { coolDownLeft, requestAccount } from './graphql/plugins/query-cost.ts';
import { readConstraintCodes } from './graphql/constraint-codes.ts';
import { SERVICE_UNAVAILABLE, setConstraintCodes } from './graphql/errors.ts';
import { HeavyBudget, SERVER_BUSY } from './graphql/heavy-budget.ts';
import { withPgClientOn } from './graphql/pg-client.ts';
import { makePreset } from './graphql/preset.ts';
import {
  cappedResponse,
  MAX_RESPONSE_BYTES,
  withRequestErrorCodes,
} from './graphql/request-errors.ts';
import { trustedDocuments } from './graphql/trusted-documents.ts';
import { trackRunningHandlers } from './running-handlers.ts';

export interface AppOptions {
  config: Config;
  /** Owner connection (auth module). */
  ownerUrl: string;
  /** Authenticator connection (GraphQL). */
  authenticatorUrl: string;
  jwtSecret: string;
  logger?: boolean;
  /** The built SPA (default web/dist). */
  webRoot?: string;
  /**
   * GraphQL documents to trust besides the web app's, by id: `{ [documentId(text)]: text }`
   * (graphql/trusted-documents.ts), e.g. a tool's own queries under `trustedDocumentsOnly`.
   */
  trustedDocuments?: Record<string, string>;
  /** The heavy operations' budget, instead of one built from the config (a test holds its slots). */
  heavyBudget?: HeavyBudget;
}

/** Where `npm run build` puts the single-page application. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Paths that belong to the server, never to the SPA's history fallback. */
const SERVER_PATHS = /^\/(graphql|graphiql|ruru-static|api|health|ready)(\/|$|\?)/;

/**
 * Serves the built SPA: its files, and index.html for any other GET that asks for a page, so that
 * client routes survive a reload (history fallback).
 */
async function serveWebApp(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No built web application in ${root}: run npm run build`);
    return;
  }
  // Built files go out precompressed (.br, .gz written at build). Hashed assets never change under
  // their name: cached for a year; index.html is checked on every load.
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      response.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !SERVER_PATHS.test(request.url);
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: true, code: 'NotFound', message: 'Not found' });
  });
}

/** Where the file-storage REST module lives. */
export const STORAGE_BASE_PATH = '/api/storage';
export const BANKING_BASE_PATH = '/api/banking';

/**
 * How long a stopping server waits for requests still running before it ends the database pools:
 * a little more than one statement's timeout (15 s), within the 30 s a service manager usually
 * gives a process between SIGTERM and SIGKILL.
 */
export const STOP_WAIT_MS = 20_000;

/** Reads `Authorization: Bearer <token>`; undefined when absent. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * The whole server: GraphQL (with the auth mutations) at /graphql, Ruru at /graphiql outside
 * production, and a health check. Modules are added here as they come. GraphQL requests may name
 * a trusted document by its id; with config.trustedDocumentsOnly nothing else runs.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Read (and checked) before anything is opened: a wrong document stops the start.
  const documents = trustedDocuments(options.trustedDocuments);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_000_000,
  });
  // Before any route: the server's close waits for every handler (running-handlers.ts).
  const handlers = trackRunningHandlers(app);

  // One pool per database role (docs/operations.md "Connections"), sized in config.ts: the owner's
  // for the auth module, file bookkeeping and health; the authenticator's for every request run as
  // the signed-in account (GraphQL and file storage). A connection the server drops (restart,
  // failover) is one line in the log, never the process, and the pool reconnects on its next query.
  const ownerPool = new pg.Pool({
    connectionString: options.ownerUrl,
    max: config.ownerPoolSize,
    application_name: 'ledgerline owner',
  });
  const authenticatorPool = new pg.Pool({
    connectionString: options.authenticatorUrl,
    max: config.authenticatorPoolSize,
    application_name: 'ledgerline authenticator',
  });
  // Heavy GraphQL operations run on a pool of their own, within a server-wide budget
  // (docs/operations.md "Heavy operations"): they never hold the connections light requests need.
  const heavyPool = new pg.Pool({
    connectionString: options.authenticatorUrl,
    max: config.heavyPoolSize,
    application_name: 'ledgerline heavy',
  });
  const heavyBudget =
    options.heavyBudget ??
    new HeavyBudget({
      slots: config.heavySlots,
      perAccount: 1,
      queueSize: config.heavyQueueSize,
      waitMs: config.heavyWaitMs,
    });
  for (const [pool, role] of [
    [ownerPool, 'owner'],
    [authenticatorPool, 'authenticator'],
    [heavyPool, 'heavy'],
  ] as const) {
    const connectionLost = (error: Error) =>
      console.warn(`Database connection lost (${role} pool): ${error.message}`);
    pool.on('error', connectionLost);
    pool.on('connect', (client) => client.on('error', connectionLost));
  }
  const tokens = accessTokens(options.jwtSecret, config.accessTokenTtl);
  const auth = new AuthService({
    pool: ownerPool,
    tokens,
    refreshTokenTtl: config.refreshTokenTtl,
    loginRateLimit: config.loginRateLimit,
    loginRateWindowMs: config.loginRateWindowMs,
  });

  // Every request with a bearer token is verified before any handler runs. A bad or expired token
  // is refused outright (the client refreshes and retries); no token means anonymous.
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return;
    try {
      request.claims = tokens.verify(token);
    } catch (error) {
      const { code, message } = error as AppError;
      const isGraphQL = request.url.startsWith('/graphql');
      return reply
        .code(isGraphQL ? 200 : 401)
        .send(
          isGraphQL
            ? { errors: [{ message, extensions: { code } }] }
            : { error: true, code, message },
        );
    }
  });

  // An account just refused for an over-limit request waits out its cool-down: answered before its
  // body is read, and after a delay, so repeating the request costs the server next to nothing.
  app.addHook('onRequest', async (request, reply) => {
    // GET too: the web app sends short queries by GET, and a refused query must not come back so.
    if (
      !request.url.startsWith('/graphql') ||
      (request.method !== 'POST' && request.method !== 'GET')
    )
      return;
    const left = coolDownLeft(requestAccount(request.claims?.accountId, request.ip));
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, 1000)));
    return reply.code(429).send({
      errors: [
        {
          message: 'Too many large requests. Try again in a moment.',
          extensions: { code: 'TooManyLargeRequests', retryAfterSeconds: Math.ceil(left / 1000) },
        },
      ],
    });
  });

  // Error codes of constraints, from their comments in the database (docs/errors.md).
  setConstraintCodes(await readConstraintCodes(ownerPool));
  // The API runs on the authenticator pool (not the adaptor's default one, which prints whole
  // client objects on every dropped connection).
  const pgl = postgraphile(
    makePreset({
      pool: authenticatorPool,
      production: config.production,
      explain: config.graphqlExplain,
      auth,
      trustedDocuments: {
        documents,
        only: config.trustedDocumentsOnly,
      },
      heavy: {
        budget: heavyBudget,
        withPgClient: withPgClientOn(heavyPool),
        lightWithPgClient: withPgClientOn(authenticatorPool),
        statementTimeout: `${config.heavyStatementTimeoutMs}ms`,
      },
    }),
  );
  // Build the schema now (introspecting the database once), not on the first request: a schema
  // build that failed while the database was briefly down would otherwise be kept.
  await pgl.getSchema();
  const serv = pgl.createServ(grafserv);
  await serv.addTo(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/graphql')) return payload;
    let text: string;
    if (typeof payload === 'string') text = payload;
    else if (Buffer.isBuffer(payload)) {
      // GraphQL answers come as JSON already written (grafserv's outputDataAsString); one without
      // an error that fits the cap goes out as it is, without a copy.
      if (payload.length <= MAX_RESPONSE_BYTES && !payload.includes('"errors"')) return payload;
      text = payload.toString('utf8');
    } else return payload;
    // The database is down or restarting: not the request's fault, and worth retrying soon.
    if (text.includes(`"code":"${SERVICE_UNAVAILABLE.code}"`)) {
      reply.code(503).header('retry-after', String(SERVICE_UNAVAILABLE.retryAfterSeconds));
    }
    // Heavy operations beyond the server's budget: the server is busy, not the request wrong.
    if (text.includes(`"code":"${SERVER_BUSY.code}"`)) {
      reply.code(503).header('retry-after', String(SERVER_BUSY.retryAfterSeconds));
    }
    const sent = cappedResponse(withRequestErrorCodes(text));
    // grafserv gave the length of what it wrote; the answer may have changed since.
    if (sent !== payload) reply.removeHeader('content-length');
    return sent;
  });

  // File storage (SPEC §7): bytes in DATA_DIR/files, metadata and permissions in PostgreSQL.
  const filesDir = path.join(config.dataDir, 'files');
  const blobs = new LocalBlobStore(filesDir);
  await app.register(storageRoutes, {
    prefix: STORAGE_BASE_PATH,
    pool: authenticatorPool,
    blobs,
  });
  // Bank statement import (docs/reconciliation.md): parsed here, stored by one SQL function.
  await app.register(bankingRoutes, { prefix: BANKING_BASE_PATH, pool: authenticatorPool, blobs });
  const sweep = async () => {
    await sweepFiles(ownerPool, blobs, path.join(filesDir, 'tmp')).catch((error: unknown) =>
      app.log.error(error, 'file sweep failed'),
    );
    // Documents expiring within 30 days: their editors and authors are told once (0073).
    await ownerPool
      .query('select app_private.notify_expiring_contracts()')
      .catch((error: unknown) => app.log.error(error, 'expiry notices failed'));
  };
  const sweeper =
    config.fileSweepIntervalMs > 0
      ? setInterval(sweep, config.fileSweepIntervalMs).unref()
      : undefined;
  if (sweeper) void sweep();

  clientErrorRoutes(app, (line) => console.error(line));

  // Liveness and readiness: both answer 503 while the database cannot be reached (saying why),
  // and 200 again once the pools have reconnected by themselves.
  const databaseProblem = async (): Promise<string | undefined> => {
    try {
      await ownerPool.query('select 1');
      return undefined;
    } catch (error) {
      return `database unreachable: ${(error as Error).message || String(error)}`;
    }
  };
  app.get('/health', async (_request, reply) => {
    const problem = await databaseProblem();
    return problem ? reply.code(503).send({ ok: false, reason: problem }) : { ok: true };
  });
  app.get('/ready', async (_request, reply) => {
    const problem = await databaseProblem();
    return problem ? reply.code(503).send({ ready: false, reason: problem }) : { ready: true };
  });

  await serveWebApp(app, options.webRoot ?? WEB_DIST);

  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    // Heavy requests still waiting are refused (503) rather than started on a closing pool.
    heavyBudget.close();
    // Handlers whose client hung up are still running: the pools end after them.
    if (!(await handlers.settled(STOP_WAIT_MS)))
      console.warn(
        `Stopping with ${handlers.count()} request(s) still running after ${STOP_WAIT_MS / 1000} s`,
      );
    await pgl.release();
    await authenticatorPool.end();
    await heavyPool.end();
    await ownerPool.end();
  });
  return app;
}

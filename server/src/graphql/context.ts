import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/service.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import { requestRole } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of the verified bearer token, when the request had one. */
    claims?: AccessClaims;
  }
}

/** What every GraphQL resolver can reach besides PostGraphile's own context. */
export interface LedgerlineContext {
  auth: AuthService;
  claims: AccessClaims | undefined;
  clientAddress: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Grafast {
    interface Context {
      ledgerline: LedgerlineContext;
    }
  }
}

/** Longest a single GraphQL request may keep the database busy. */
export const STATEMENT_TIMEOUT = '15s';

/**
 * The interface's language, which the web sends as Accept-Language: what the database writes in
 * words (the "(copy)" suffix of a duplicated invoice) follows it. Russian or English.
 */
export function requestLanguage(request: FastifyRequest | undefined): 'ru' | 'en' {
  const header = request?.headers['accept-language'];
  return typeof header === 'string' && /^\s*ru\b/i.test(header) ? 'ru' : 'en';
}

/**
 * The per-request GraphQL context: the visitor role and the verified claims as PostgreSQL
 * settings, which every RLS policy reads.
 */
export function requestContext(request: FastifyRequest | undefined, auth: AuthService) {
  const claims = request?.claims;
  return {
    ledgerline: { auth, claims, clientAddress: request?.ip ?? 'unknown' },
    pgSettings: {
      role: requestRole(claims),
      statement_timeout: STATEMENT_TIMEOUT,
      'jwt.claims.user_id': claims?.userId,
      'jwt.claims.account_id': claims?.accountId,
      'app.language': requestLanguage(request),
    },
  };
}

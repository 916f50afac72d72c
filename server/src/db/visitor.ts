import type pg from 'pg';
import type { AccessClaims } from '../auth/tokens.ts';
import { STATEMENT_TIMEOUT } from '../graphql/context.ts';
import { requestRole } from './database.ts';
import { transaction } from './transaction.ts';

/**
 * Runs work in one transaction exactly as a GraphQL request of the signed-in user would: as the
 * visitor role (or the project-limited one) with the token's claims, so row-level security
 * decides what it sees.
 */
export function withVisitor<T>(
  pool: pg.Pool,
  claims: AccessClaims,
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  return transaction(pool, async (client) => {
    await client.query(
      `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true),
              set_config('jwt.claims.account_id', $3, true), set_config('statement_timeout', $4, true)`,
      [requestRole(claims), claims.userId, claims.accountId, STATEMENT_TIMEOUT],
    );
    return work(client);
  });
}

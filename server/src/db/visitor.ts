import type pg from 'pg';
import type { AccessClaims } from '../auth/tokens.ts';
import { STATEMENT_TIMEOUT } from '../graphql/context.ts';
import { VISITOR_ROLE } from './database.ts';

/**
 * Runs work in one transaction exactly as a GraphQL request of the signed-in user would: as the
 * visitor role with the token's claims, so row-level security decides what it sees.
 */
export async function withVisitor<T>(
  pool: pg.Pool,
  claims: AccessClaims,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true),
              set_config('jwt.claims.account_id', $3, true), set_config('statement_timeout', $4, true)`,
      [VISITOR_ROLE, claims.userId, claims.accountId, STATEMENT_TIMEOUT],
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

import type pg from 'pg';
import { makeWithPgClientViaPgClientAlreadyInTransaction } from 'postgraphile/adaptors/pg';

type WithPgClient = Grafast.Context['withPgClient'];

/** Connections already given the session setting below. */
const prepared = new WeakSet<pg.PoolClient>();

/**
 * The connection each GraphQL query runs on, as PostGraphile's own adaptor gives it (a transaction
 * with the request's settings local to it: role, claims, statement timeout), in three round trips
 * instead of four: `begin` and the settings go as one message, then the statement, then `commit`.
 * Like the adaptor, a new connection is first told not to optimise plans with JIT.
 */
export function withPgClientOn(pool: pg.Pool): WithPgClient {
  return async (pgSettings, callback) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const settings = Object.entries(pgSettings ?? {}).filter(([, value]) => value != null);
      const setup = prepared.has(client) ? '' : 'set jit_optimize_above_cost = -1; ';
      prepared.add(client);
      if (settings.length === 0) {
        if (setup) await client.query(setup);
        return await makeWithPgClientViaPgClientAlreadyInTransaction(client, false)(null, callback);
      }
      const values = settings
        .map(
          ([key, value]) =>
            `set_config(${client.escapeLiteral(key)}, ${client.escapeLiteral(String(value))}, true)`,
        )
        .join(', ');
      try {
        await client.query(`${setup}begin; select ${values}`);
        const result = await makeWithPgClientViaPgClientAlreadyInTransaction(client, true)(
          null,
          callback,
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      // A connection that could not roll back is closed rather than given to the next request.
      client.release(broken);
    }
  };
}

import pg from 'pg';

/**
 * Runs work in one transaction: on a connection taken from a pool (and given back), or on a client
 * the caller holds. Commits when the work returns, rolls back when it throws.
 */
export async function transaction<T>(
  source: pg.Pool | pg.ClientBase,
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const pooled = source instanceof pg.Pool ? await source.connect() : undefined;
  const client = pooled ?? (source as pg.ClientBase);
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    pooled?.release();
  }
}

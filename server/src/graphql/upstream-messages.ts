/**
 * Every place the server recognises an error by the text another project gives it: PostGraphile,
 * the connection filter, graphql-js, PostgreSQL and node-postgres. An upgrade may reword any of
 * them; server/test/upstream-messages.test.ts provokes each real error and checks its matcher, so
 * a reworded message fails there rather than reaching a user as a masked InvalidQuery.
 */

/** postgraphile-plugin-connection-filter: a filter on a field the schema does not allow. */
export const FORBIDDEN_FILTER = / are forbidden in filter argument input\.$/;

/** PostGraphile: a generated delete whose row the caller cannot see (no row deleted). */
export const NO_ROW_DELETED = /^No values were deleted in collection /;

/** PostGraphile: a generated update with an empty patch. */
export const NO_NEW_VALUES = /^Attempted to update a record, but no new values were specified\.$/;

/** PostgreSQL 23503 when the row deleted or updated is still referred to (not an insert's). */
export const STILL_REFERRED_TO = /^update or delete on table /;

/** graphql-js: introspection refused by the NoSchemaIntrospectionCustomRule. */
export const INTROSPECTION_REFUSED = /introspection/i;

/** graphql-js: a variable or argument of the wrong type, a missing one, a value outside an enum. */
export const INVALID_INPUT =
  /enum|Expected value of type|cannot represent|got invalid value|of required type|was not provided|Expected type/;

/**
 * node-postgres and Node: the database cannot be reached or dropped the connection. Matched on
 * the error's code where there is one (Node's socket errors, PostgreSQL's connection and shutdown
 * classes) and on node-postgres' own messages, which have none.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123])$/;
export const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)$/;

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATES.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
    if (e instanceof AggregateError) return e.errors.some(isDatabaseUnreachable);
    e = e.cause as typeof e;
  }
  return false;
}

import {
  PgSelectStep,
  type PgSelectQueryBuilder,
  type PgSelectQueryBuilderCallback,
} from 'postgraphile/@dataplan/pg';
import { ConnectionStep, constant, lambda, list, type Step } from 'postgraphile/grafast';
import { sql } from 'postgraphile/pg-sql2';

/** Counts up to this many rows; above it, `cappedCount` says "more" (COUNT_CAP + 1). */
export const COUNT_CAP = 1_000;

/**
 * The comment a capped count's statement carries: the connection sends such a statement unnamed,
 * so that PostgreSQL plans it for its values every time (server/src/graphql/pg-client.ts).
 */
export const CAPPED_COUNT_MARK = '/* capped count */';

/** Whether `text` is a capped count's statement. */
export function isCappedCount(text: string) {
  return text.includes(CAPPED_COUNT_MARK);
}

/**
 * What the plan reads of @dataplan/pg's PgSelectStep beyond its public methods (private in its
 * types): the steps (filter, orderBy, conditions) applied at run time, and the order known when
 * planning (literal orderBy arguments). checkSelectInternals() proves at start-up that the pinned
 * version still has them.
 */
interface SelectInternals {
  applyDepIds: number[];
  orders: unknown[];
  getDep(id: number): Step;
}

/**
 * Throws, naming what is missing, when @dataplan/pg or grafast lacks a member the plan below
 * uses: called when the schema is built, so an upgrade that moved one stops the server's start
 * instead of counting wrong. The private fields are found in the class's own source.
 */
export function checkSelectInternals(
  select: { prototype: object; toString(): string } = PgSelectStep,
  connection: { prototype: object } = ConnectionStep,
): void {
  const missing = [
    ...[
      'apply',
      'setFirst',
      'setOffset',
      'setAfter',
      'setBefore',
      'setOrderIsUnique',
      'items',
      'getDep',
    ]
      .filter(
        (method) => typeof (select.prototype as Record<string, unknown>)[method] !== 'function',
      )
      .map((method) => `PgSelectStep.${method}()`),
    ...['applyDepIds', 'orders']
      .filter((field) => !new RegExp(`\\bthis\\.${field}\\s*=`).test(select.toString()))
      .map((field) => `PgSelectStep.${field}`),
    ...(typeof (connection.prototype as Record<string, unknown>).cloneSubplanWithoutPagination ===
    'function'
      ? []
      : ['ConnectionStep.cloneSubplanWithoutPagination()']),
  ];
  if (missing.length > 0) {
    throw new Error(
      `cappedCount (server/src/graphql/plugins/capped-count.ts) needs ${missing.join(', ')}, which this version of @dataplan/pg or grafast does not have: adapt the plugin before upgrading.`,
    );
  }
}

/**
 * The same run-time steps on a builder that ignores every order: the filter and conditions apply,
 * the order by does not, and the empty order is marked unique so that no primary-key tiebreak is
 * added.
 */
function withoutOrder(
  values: readonly (
    PgSelectQueryBuilderCallback | readonly PgSelectQueryBuilderCallback[] | null
  )[],
) {
  return (builder: PgSelectQueryBuilder) => {
    const unordered: PgSelectQueryBuilder = Object.create(builder);
    unordered.orderBy = () => {};
    for (const value of values) {
      for (const apply of Array.isArray(value) ? value : [value]) apply?.(unordered);
    }
    builder.setOrderIsUnique();
  };
}
type Scope = Record<string, unknown>;

/**
 * `cappedCount` on every connection that has `totalCount`: the number of rows the connection's
 * filter and visibility admit, counted up to COUNT_CAP; COUNT_CAP + 1 means more. `totalCount`
 * visits every matching row, so its cost grows with the data and with how much an account may see
 * (an admin's count of all invoices against an accountant's of one subsidiary); the capped count
 * reads at most COUNT_CAP + 1 rows, so a list page costs about the same at any scale and for any
 * account (bench/README.md "Growth"). The screens show "more than 1,000" above the cap; a filter
 * narrows it. totalCount stays for API users who need the exact figure.
 *
 * The plan reaches into @dataplan/pg's select step (its run-time steps and planned order), which
 * its types keep private: checkSelectInternals() refuses a version without them when the schema
 * is built, and server/test/graphql-api.test.ts checks the count against totalCount with filters,
 * orders and offsets as every demo account. The versions are pinned exactly (server/package.json).
 */
export const CappedCountPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineCappedCountPlugin',
  version: '1.0.0',
  after: ['PgConnectionTotalCountPlugin'],
  schema: {
    hooks: {
      init(_) {
        checkSelectInternals();
        return _;
      },
      GraphQLObjectType_fields(fields, build, context) {
        const scope = context.scope as Scope;
        if (!scope.isConnectionType || !('totalCount' in fields)) return fields;
        const { GraphQLInt, GraphQLNonNull } = build.graphql;
        return build.extend(
          fields,
          {
            cappedCount: context.fieldWithHooks({ fieldName: 'cappedCount' }, () => ({
              description: `The number of rows you could get from the connection, counted up to ${COUNT_CAP}; ${COUNT_CAP + 1} means more than ${COUNT_CAP}.`,
              type: new GraphQLNonNull(GraphQLInt),
              plan($source) {
                if (!($source instanceof ConnectionStep)) {
                  throw new Error(`cappedCount on ${context.Self.name}: not a connection step`);
                }
                const $rows = $source.cloneSubplanWithoutPagination('normal');
                if (!($rows instanceof PgSelectStep)) {
                  throw new Error(`cappedCount on ${context.Self.name}: not a PostgreSQL select`);
                }
                const internals = $rows as unknown as SelectInternals;
                // Any COUNT_CAP + 1 rows will do: without the list's order the planner takes the
                // cheapest way to them (the policy's subsidiary index, say), where the list's
                // order would walk a whole sort index past every row the account may not see.
                // An order known when planning (a literal orderBy) is dropped here; one given in
                // variables is applied at run time with the filter, so the clone's run-time steps
                // are replaced by one that applies them without the order.
                internals.orders.length = 0;
                const $applied = internals.applyDepIds.map((id) => internals.getDep(id));
                internals.applyDepIds = [];
                $rows.setOrderIsUnique();
                $rows.apply(lambda(list($applied), withoutOrder, true));
                // From the first row, whatever page the list is on (an offset or a cursor: the
                // cursor would also be refused, its order digest being the list's, not this one's).
                $rows.setOffset(constant(null));
                $rows.setAfter(constant(null));
                $rows.setBefore(constant(null));
                $rows.setFirst(constant(COUNT_CAP + 1));
                // Marked to be planned for its values at every run (CAPPED_COUNT_MARK): a plan
                // kept for any values cannot see a range filter's, and a count stopping at a row
                // can then read a whole table first (docs/operations.md, pg-client.ts).
                $rows.where(sql`true ${sql.comment('capped count', true)}`);
                return lambda($rows.items(), (rows) => rows.length);
              },
            })),
          },
          'Adding cappedCount to a connection',
        );
      },
    },
  },
};

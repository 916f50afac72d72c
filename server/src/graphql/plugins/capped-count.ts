import { constant, lambda } from 'postgraphile/grafast';

/** Counts up to this many rows; above it, `cappedCount` says "more" (COUNT_CAP + 1). */
export const COUNT_CAP = 1_000;

/** What the query builder of a PgSelectStep offers the steps applied to it at run time. */
interface QueryBuilder {
  orderBy(spec: unknown): void;
  setOrderIsUnique(): void;
}
type Apply = ((builder: QueryBuilder) => void) | null | undefined;
interface RowsStep {
  setFirst(step: unknown): void;
  setOffset(step: unknown): void;
  setOrderIsUnique(): void;
  apply(step: unknown): void;
  items(): unknown;
  /** Internal to @dataplan/pg: the steps (filter, orderBy, conditions) applied at run time. */
  applyDepIds: number[];
  /** Internal to @dataplan/pg: the order known when planning (literal orderBy arguments). */
  orders: unknown[];
  getDep(id: number): unknown;
}

/**
 * The same run-time steps on a builder that ignores every order: the filter and conditions apply,
 * the order by does not, and the empty order is marked unique so that no primary-key tiebreak is
 * added.
 */
function withoutOrder(values: readonly unknown[]) {
  return (builder: QueryBuilder) => {
    const unordered: QueryBuilder = Object.create(builder as object);
    unordered.orderBy = () => {};
    for (const value of values) {
      for (const apply of (Array.isArray(value) ? value : [value]) as Apply[]) apply?.(unordered);
    }
    builder.setOrderIsUnique();
  };
}
interface ConnectionStep {
  cloneSubplanWithoutPagination(mode: 'normal'): RowsStep;
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
 * its types keep private; server/test/graphql-api.test.ts checks the count against totalCount
 * with filters, orders and offsets as every demo account, so an upgrade that changes them fails
 * there rather than counting wrong.
 */
export const CappedCountPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineCappedCountPlugin',
  version: '1.0.0',
  after: ['PgConnectionTotalCountPlugin'],
  schema: {
    hooks: {
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
                const $connection = $source as unknown as ConnectionStep;
                const $rows = $connection.cloneSubplanWithoutPagination('normal');
                // Any COUNT_CAP + 1 rows will do: without the list's order the planner takes the
                // cheapest way to them (the policy's subsidiary index, say), where the list's
                // order would walk a whole sort index past every row the account may not see.
                // An order known when planning (a literal orderBy) is dropped here; one given in
                // variables is applied at run time with the filter, so the clone's run-time steps
                // are replaced by one that applies them without the order.
                $rows.orders.length = 0;
                const $applied = $rows.applyDepIds.map((id) => $rows.getDep(id));
                $rows.applyDepIds = [];
                $rows.setOrderIsUnique();
                $rows.apply(lambda($applied as never, withoutOrder, true));
                // From the first row, whatever page the list is on.
                $rows.setOffset(constant(null));
                $rows.setFirst(constant(COUNT_CAP + 1));
                return lambda($rows.items() as never, (rows: readonly unknown[]) => rows.length);
              },
            })),
          },
          'Adding cappedCount to a connection',
        );
      },
    },
  },
};

import { constant, lambda } from 'postgraphile/grafast';

/** Counts up to this many rows; above it, `cappedCount` says "more" (COUNT_CAP + 1). */
export const COUNT_CAP = 10_000;

interface RowsStep {
  setFirst(step: unknown): void;
  items(): unknown;
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
 * account (bench/README.md "Growth"). The screens show "more than 10,000" above the cap; a filter
 * narrows it. totalCount stays for API users who need the exact figure.
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

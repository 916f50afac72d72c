import { TYPES, PgSelectStep } from 'postgraphile/@dataplan/pg';
import { ConnectionStep } from 'postgraphile/grafast';
import { sql } from 'postgraphile/pg-sql2';

type Scope = Record<string, unknown> & { pgCodec?: { name?: string } };

/**
 * `outstandingUsdTotal` on the bills connection: what the bills its filter selects still owe, in
 * USD, summed by PostgreSQL in one aggregate over the same rows the connection reads (its filter
 * and conditions, the caller's row-level policies; without its order and page), so exact for any
 * number of bills and returned in the list's own request. The sum of
 * app_public.bills_outstanding_usd, which is 0 for a bill that owes nothing.
 */
export const OutstandingTotalPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineOutstandingTotalPlugin',
  version: '1.0.0',
  after: ['PgConnectionTotalCountPlugin'],
  schema: {
    hooks: {
      GraphQLObjectType_fields(fields, build, context) {
        const scope = context.scope as Scope;
        if (!scope.isPgConnectionRelated || !scope.isConnectionType) return fields;
        if (scope.pgCodec?.name !== 'bills') return fields;
        const BigFloat = build.getOutputTypeByName('BigFloat');
        const { GraphQLNonNull } = build.graphql;
        return build.extend(
          fields,
          {
            outstandingUsdTotal: context.fieldWithHooks(
              { fieldName: 'outstandingUsdTotal' },
              () => ({
                description:
                  'What all the bills the connection selects still owe, in USD (the sum of their outstandingUsd over every matching row, not only the page).',
                type: new GraphQLNonNull(BigFloat),
                plan($source) {
                  if (!($source instanceof ConnectionStep)) {
                    throw new Error('outstandingUsdTotal: not a connection step');
                  }
                  const $rows = $source.cloneSubplanWithoutPagination('aggregate');
                  if (!($rows instanceof PgSelectStep)) {
                    throw new Error('outstandingUsdTotal: not a PostgreSQL select');
                  }
                  return $rows
                    .singleAsRecord()
                    .select(
                      sql`coalesce(sum(app_public.bills_outstanding_usd(${$rows.alias})), 0)::numeric(18,2)`,
                      TYPES.numeric,
                      false,
                    );
                },
              }),
            ),
          },
          'Adding outstandingUsdTotal to the bills connection',
        );
      },
    },
  },
};

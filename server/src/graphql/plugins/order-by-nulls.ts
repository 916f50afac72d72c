import {
  TYPES,
  type PgCodecWithAttributes,
  type PgSelectQueryBuilder,
} from 'postgraphile/@dataplan/pg';
import { sql } from 'postgraphile/pg-sql2';

/**
 * Adds `<COLUMN>_ASC_NULLS_FIRST`, `_ASC_NULLS_LAST`, `_DESC_NULLS_FIRST` and `_DESC_NULLS_LAST`
 * to every orderBy enum, for each nullable orderable column (SPEC §3 sort directions). Ordering on
 * `col is null` first keeps cursor pagination correct across nulls.
 */
export const OrderByNullsPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineOrderByNullsPlugin',
  version: '1.0.0',
  after: ['PgOrderAllAttributesPlugin'],
  schema: {
    hooks: {
      GraphQLEnumType_values(values, build, context) {
        const { isPgRowSortEnum } = context.scope;
        const codec = (context.scope as { pgCodec?: PgCodecWithAttributes }).pgCodec;
        if (!isPgRowSortEnum || !codec?.attributes || codec.isAnonymous) return values;
        const added: typeof values = {};
        for (const [attributeName, attribute] of Object.entries(codec.attributes)) {
          if (attribute.notNull) continue;
          if (
            !build.behavior.pgCodecAttributeMatches([codec, attributeName], 'attribute:orderBy')
          ) {
            continue;
          }
          const base = build.inflection.constantCase(
            build.inflection._attributeName({ attributeName, codec }),
          );
          for (const direction of ['ASC', 'DESC'] as const) {
            for (const nulls of ['FIRST', 'LAST'] as const) {
              added[`${base}_${direction}_NULLS_${nulls}`] = {
                extensions: {
                  grafast: {
                    apply(queryBuilder: PgSelectQueryBuilder) {
                      queryBuilder.orderBy({
                        fragment: sql`${queryBuilder.alias}.${sql.identifier(attributeName)} is null`,
                        codec: TYPES.boolean,
                        direction: nulls === 'FIRST' ? 'DESC' : 'ASC',
                      });
                      queryBuilder.orderBy({
                        attribute: attributeName,
                        direction,
                        nulls,
                        nullable: true,
                      });
                    },
                  },
                },
              };
            }
          }
        }
        return build.extend(values, added, `Nulls first/last orders for ${codec.name}`);
      },
    },
  },
};

import {
  PgSelectSingleStep,
  TYPES,
  type PgCodec,
  type PgCodecWithAttributes,
} from 'postgraphile/@dataplan/pg';
import { getNullableType, type GraphQLOutputType } from 'postgraphile/graphql';
import { sql } from 'postgraphile/pg-sql2';

/** Columns of a user that only the user and `admin:user` read; others see names and avatar. */
export const USER_DETAIL_ATTRIBUTES = ['username', 'is_active', 'created_at', 'updated_at'];

interface Scope {
  pgCodec?: PgCodecWithAttributes;
  isPgTableType?: boolean;
  fieldName?: string;
  pgFieldAttribute?: unknown;
}

/**
 * docs/permissions.md "People": row-level security shows a user to the people who see a record
 * naming them, and this keeps that to their names. The username, active flag and timestamps of
 * another user are null unless the account has admin:user; the database decides
 * (app_hidden.user_details_visible) in the same query.
 */
export const UserDetailsPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineUserDetailsPlugin',
  version: '1.0.0',
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, build, context) {
        const scope = context.scope as unknown as Scope;
        const codec = scope.pgCodec;
        if (!codec || codec.name !== 'users' || !codec.attributes) return field;
        const attribute = USER_DETAIL_ATTRIBUTES.find(
          (name) => build.inflection.attribute({ attributeName: name, codec }) === scope.fieldName,
        );
        if (!attribute) return field;
        const attributeCodec = (codec.attributes as Record<string, { codec: PgCodec }>)[attribute]!
          .codec;
        // A plain column may have no plan of its own: it is read with $record.get(column).
        const original =
          (field.plan as ((...args: unknown[]) => unknown) | undefined) ??
          ((...args: unknown[]) => (args[0] as { get(name: string): unknown }).get(attribute));
        return {
          ...field,
          type: getNullableType(field.type) as GraphQLOutputType,
          plan(this: unknown, $record: unknown, ...rest: unknown[]) {
            // Rows returned by the admin's own mutations are not selects; admin:user reads them.
            if (!($record instanceof PgSelectSingleStep)) {
              return original.call(this, $record, ...rest);
            }
            const alias = $record.getClassStep().alias;
            return $record.select(
              sql`case when app_hidden.user_details_visible(${alias}.id) then ${alias}.${sql.identifier(attribute)} end`,
              attributeCodec ?? TYPES.text,
            );
          },
        } as typeof field;
      },
    },
  },
};

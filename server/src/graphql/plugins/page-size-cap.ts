import {
  ConnectionStep,
  constant,
  lambda,
  list,
  type FieldArg,
  type FieldArgs,
  type FieldInfo,
  type Step,
} from 'postgraphile/grafast';
import { AppError } from '../../errors.ts';

/** The most rows one list request may return; also what a list without `first`/`last` returns. */
export const MAX_PAGE_SIZE = 500;

function checked(size: unknown): number | null {
  if (size == null) return null;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
    throw new AppError('InvalidPageSize', 'The page size must be a whole number of rows.');
  }
  if (size > MAX_PAGE_SIZE) {
    throw new AppError('PageSizeExceeded', `A page can hold at most ${MAX_PAGE_SIZE} rows.`, {
      max: MAX_PAGE_SIZE,
    });
  }
  return size;
}

/** `first` as asked (at most MAX_PAGE_SIZE), or MAX_PAGE_SIZE when neither first nor last is. */
function firstOrDefault([first, last]: readonly unknown[]): number | null {
  return first != null ? checked(first) : last == null ? MAX_PAGE_SIZE : null;
}

/** A connection's step: grafast's own, or one that handles its pagination (a PgSelectStep). */
type PagedStep = Pick<ConnectionStep<unknown>, 'setFirst' | 'setLast'>;
type Scope = Record<string, unknown>;
const isConnection = (scope: object) => Boolean((scope as Scope).isPgFieldConnection);

/**
 * Bounds every connection: `first`/`last` above MAX_PAGE_SIZE are refused (literal or variable),
 * and a list asked for without either returns at most MAX_PAGE_SIZE rows.
 */
export const PageSizeCapPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlinePageSizeCapPlugin',
  version: '1.0.0',
  after: ['PgFirstLastBeforeAfterArgsPlugin', 'PgConnectionArgFirstLastBeforeAfterPlugin'],
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, _build, context) {
        if (!isConnection(context.scope) || !field.plan) return field;
        const original = field.plan as (
          this: unknown,
          parent: Step,
          fieldArgs: FieldArgs,
          info: FieldInfo,
        ) => PagedStep;
        return {
          ...field,
          plan(this: unknown, parent: Step, fieldArgs: FieldArgs, info: FieldInfo) {
            const $connection = original.call(this, parent, fieldArgs, info);
            // Lists from set-returning functions have no `last`.
            const $first: Step = fieldArgs.getRaw('first') ?? constant(null);
            const $last: Step = fieldArgs.getRaw('last') ?? constant(null);
            $connection.setFirst(lambda(list([$first, $last]), firstOrDefault));
            return $connection;
          },
        } as typeof field;
      },
      GraphQLObjectType_fields_field_args(args, _build, context) {
        if (!isConnection(context.scope)) return args;
        const fields = args as Record<string, Record<string, unknown>>;
        if (fields.first) {
          // Applied by the field plan above, together with the default.
          fields.first = { ...fields.first, applyPlan() {} };
        }
        if (fields.last) {
          fields.last = {
            ...fields.last,
            applyPlan(_parent: Step, $connection: PagedStep, arg: FieldArg) {
              $connection.setLast(lambda(arg.getRaw(), checked));
            },
          };
        }
        return args;
      },
    },
  },
};

import { constant, lambda } from 'postgraphile/grafast';
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

interface PagedStep {
  setFirst(step: unknown): void;
  setLast(step: unknown): void;
}
interface RawArgs {
  getRaw(name: string): unknown;
}
interface RawArg {
  getRaw(): unknown;
}
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
        const original = field.plan as (...args: unknown[]) => PagedStep;
        return {
          ...field,
          plan(this: unknown, parent: unknown, fieldArgs: RawArgs, info: unknown) {
            const $connection = original.call(this, parent, fieldArgs, info);
            // Lists from set-returning functions have no `last`.
            const $first = fieldArgs.getRaw('first') ?? constant(null);
            const $last = fieldArgs.getRaw('last') ?? constant(null);
            $connection.setFirst(lambda([$first, $last] as never, firstOrDefault));
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
            applyPlan(_parent: unknown, $connection: PagedStep, arg: RawArg) {
              $connection.setLast(lambda(arg.getRaw() as never, checked));
            },
          };
        }
        return args;
      },
    },
  },
};

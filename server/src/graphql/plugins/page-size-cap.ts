import { lambda } from 'postgraphile/grafast';
import { AppError } from '../../errors.ts';

/** The most rows one list request may ask for. */
export const MAX_PAGE_SIZE = 500;

function capped(size: unknown): number | null {
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

type FieldArgs = Record<string, { applyPlan?: unknown } & Record<string, unknown>>;
interface LimitStep {
  setFirst(step: unknown): void;
  setLast(step: unknown): void;
}
interface RawArg {
  getRaw(): unknown;
}

function capArgs<T>(args: T, _build: unknown, context: { scope: object }): T {
  const { isPgFieldConnection, isPgFieldSimpleCollection } = context.scope as Record<
    string,
    unknown
  >;
  if (!isPgFieldConnection && !isPgFieldSimpleCollection) return args;
  const fields = args as FieldArgs;
  if (fields.first) {
    fields.first = {
      ...fields.first,
      applyPlan(_parent: unknown, $connection: LimitStep, arg: RawArg) {
        $connection.setFirst(lambda(arg.getRaw() as never, capped));
      },
    };
  }
  if (fields.last) {
    fields.last = {
      ...fields.last,
      applyPlan(_parent: unknown, $connection: LimitStep, arg: RawArg) {
        $connection.setLast(lambda(arg.getRaw() as never, capped));
      },
    };
  }
  return args;
}

/** Refuses `first`/`last` above MAX_PAGE_SIZE on every list, literal or variable. */
export const PageSizeCapPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlinePageSizeCapPlugin',
  version: '1.0.0',
  after: ['PgFirstLastBeforeAfterArgsPlugin'],
  schema: {
    hooks: {
      GraphQLObjectType_fields_field_args: capArgs,
      GraphQLInterfaceType_fields_field_args: capArgs,
    },
  },
};

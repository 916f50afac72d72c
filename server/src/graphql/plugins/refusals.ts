import { lambda, object, type ObjectStep, type Step } from 'postgraphile/grafast';
import { AppError } from '../../errors.ts';

/** A generated mutation's payload: an object step whose `result` is the updated row. */
type PayloadStep = ObjectStep<{ result: Step }>;

function requireRow(row: unknown): unknown {
  if (row == null) {
    throw new AppError(
      'RecordNotFound',
      "The record was not found or you don't have access to it.",
    );
  }
  return row;
}

/**
 * DESIGN §8a, "nothing answers null for 'not allowed'": a generated update whose row the caller
 * cannot see or may not change (row-level security) affects no row, which PostGraphile answers
 * with a null result. This makes it the RecordNotFound error that a generated delete gives.
 */
export const UpdateRefusalPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineUpdateRefusalPlugin',
  version: '1.0.0',
  after: ['PgMutationUpdateDeletePlugin'],
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, _build, context) {
        const scope = context.scope as unknown as Record<string, unknown>;
        if (!scope.isRootMutation || !scope.isPgUpdateMutation || !field.plan) return field;
        const original = field.plan as (...args: unknown[]) => PayloadStep;
        return {
          ...field,
          plan(this: unknown, ...args: unknown[]) {
            const $payload = original.apply(this, args);
            const $result = $payload.getStepForKey('result');
            // The payload now depends on the check, so a missing row fails the whole field.
            return object({ result: $result, found: lambda($result, requireRow) });
          },
        } as typeof field;
      },
    },
  },
};

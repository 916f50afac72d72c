import { defaultMaskError } from 'postgraphile/grafserv';
import { GraphQLError } from 'postgraphile/graphql';
import { AppError } from '../errors.ts';
import {
  FORBIDDEN_FILTER,
  isDatabaseUnreachable,
  NO_NEW_VALUES,
  NO_ROW_DELETED,
  STILL_REFERRED_TO,
} from './upstream-messages.ts';

/** While PostgreSQL is down or restarting: HTTP 503 with Retry-After (app.ts). */
export const SERVICE_UNAVAILABLE = {
  code: 'ServiceUnavailable',
  message: 'The service is restarting. Try again in a moment.',
  retryAfterSeconds: 5,
} as const;

/**
 * What a violated constraint means to a user: read at start-up from the constraints' comments in
 * the database (`@code <Code>` and the message; graphql/constraint-codes.ts, docs/errors.md
 * "Constraints"). setConstraintCodes is called by buildApp before the first request.
 */
let constraintCodes = new Map<string, { code: string; message: string }>();
export function setConstraintCodes(codes: Map<string, { code: string; message: string }>): void {
  constraintCodes = codes;
}

/**
 * Codes of constraints not yet commented in SQL (the former way, kept so that a branch adding one
 * here still works until it is moved into a `comment on constraint ... '@code ...'` migration).
 * Empty on main: new codes go beside their constraint.
 */
export const CONSTRAINT_MESSAGES: Record<string, { code: string; message: string }> = {};

interface PgError extends Error {
  code?: string;
  constraint?: string;
  hint?: string;
  detail?: string;
  table?: string;
}

function withCode(
  error: GraphQLError,
  code: string,
  message: string,
  extra?: object,
): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...extra, code },
  });
}

/** The parameters a SQL refusal gives as a JSON object in DETAIL, if any. */
/** What a PostgreSQL error means to a user, or undefined when it must stay masked. */
function describePgError(
  error: PgError,
): { code: string; message: string; details?: object } | undefined {
  const { code, constraint } = error;
  if (!code) return undefined;
  if (code.startsWith('LL')) {
    // Raised by our SQL functions: the message is for people, the hint is the stable code, and a
    // JSON object in the detail carries the parameters of the translated message (record, date…).
    return {
      code: error.hint || 'BusinessRule',
      message: error.message,
      details: parseDetails(error.detail),
    };
  }
  const described =
    constraint && code.startsWith('23')
      ? (constraintCodes.get(constraint) ?? CONSTRAINT_MESSAGES[constraint])
      : undefined;
  if (described) return described;
  switch (code) {
    case '23001': // restrict_violation: a row still refers to it
      return { code: 'IsConstraintViolation', message: 'Other entities depend on it.' };
    case '23503':
      return STILL_REFERRED_TO.test(error.message)
        ? { code: 'IsConstraintViolation', message: 'Other entities depend on it.' }
        : { code: 'ReferenceNotFound', message: 'A record this refers to does not exist.' };
    case '23505':
      return { code: 'AlreadyExists', message: 'Such a record already exists.' };
    case '23502':
      return { code: 'FieldRequired', message: 'Field is required' };
    case '23514':
      return constraint?.endsWith('_required')
        ? { code: 'FieldRequired', message: 'Field is required' }
        : { code: 'InvalidInput', message: 'The value is not allowed.' };
    case '42501':
      return { code: 'Forbidden', message: "You don't have the permission for this action." };
    case '22P02':
    case '22007':
    case '22008':
      return { code: 'InvalidInput', message: 'A value has the wrong format.' };
    case '22003':
      return { code: 'InvalidInput', message: 'A number is out of range.' };
    case '40P01': // deadlock: PostgreSQL refused one of two writers waiting on each other
    case '40001':
      return {
        code: 'ConcurrentChange',
        message: 'Someone changed the same record at the same time. Try again.',
      };
    case '57014':
      return { code: 'Timeout', message: 'The request took too long and was stopped.' };
    default:
      return undefined;
  }
}

function parseDetails(detail: string | undefined): object | undefined {
  if (!detail?.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(detail);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Errors reaching the client carry `extensions.code`. Our own errors and known database errors
 * are translated; anything else is masked (logged on the server with an id the client sees).
 */
export function maskError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (original instanceof AppError) {
    return withCode(error, original.code, original.message, original.details);
  }
  if (original && isDatabaseUnreachable(original)) {
    return withCode(error, SERVICE_UNAVAILABLE.code, SERVICE_UNAVAILABLE.message, {
      retryAfterSeconds: SERVICE_UNAVAILABLE.retryAfterSeconds,
    });
  }
  if (original && FORBIDDEN_FILTER.test(original.message)) {
    return withCode(error, 'InvalidFilter', original.message);
  }
  if (original && NO_ROW_DELETED.test(original.message)) {
    return withCode(
      error,
      'RecordNotFound',
      "The record was not found or you don't have access to it.",
    );
  }
  if (original && NO_NEW_VALUES.test(original.message)) {
    return withCode(error, 'NoChanges', 'No changes found. Do not update.');
  }
  if (original) {
    const described = describePgError(original as PgError);
    if (described) return withCode(error, described.code, described.message, described.details);
  }
  return defaultMaskError(error);
}

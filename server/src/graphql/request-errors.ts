import { INTROSPECTION_REFUSED, INVALID_INPUT } from './upstream-messages.ts';

/**
 * GraphQL refuses a malformed or invalid request (a syntax error, an unknown field, a value outside
 * an enumeration, introspection in production) before anything runs, and those errors do not pass
 * through maskError. Every refusal carries a code (DESIGN §8a), so the ones without give it here.
 */
export function codeFor(message: string): string {
  if (INTROSPECTION_REFUSED.test(message)) return 'IntrospectionDisabled';
  if (INVALID_INPUT.test(message)) return 'InvalidInput';
  return 'InvalidQuery';
}

interface ErrorPayload {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** The JSON response with a code on every error that had none; unchanged when all have one. */
export function withRequestErrorCodes(payload: string): string {
  if (!payload.includes('"errors"')) return payload;
  let body: ErrorPayload;
  try {
    body = JSON.parse(payload) as ErrorPayload;
  } catch {
    return payload;
  }
  if (!body.errors?.some((error) => !error.extensions?.code)) return payload;
  for (const error of body.errors) {
    if (!error.extensions?.code) {
      error.extensions = { ...error.extensions, code: codeFor(error.message) };
    }
  }
  return JSON.stringify(body);
}

/** The largest GraphQL response sent; larger ones are replaced by a ResponseTooLarge error. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** The response, or a refusal when it is larger than the cap (ask for fewer rows or fields). */
export function cappedResponse(payload: string, max = MAX_RESPONSE_BYTES): string {
  if (payload.length <= max) return payload;
  return JSON.stringify({
    errors: [
      {
        message: `The response would be larger than ${Math.round(max / 1024 / 1024)} MB. Ask for fewer rows or fields.`,
        extensions: { code: 'ResponseTooLarge' },
      },
    ],
  });
}

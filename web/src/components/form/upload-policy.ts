import { ApiError } from '../../api/client.ts';

/**
 * Whether a failed save certainly created nothing: the server answered with a refusal (a GraphQL
 * error with its code, or a 4xx), so its transaction was rolled back. A network failure or a
 * server error leaves the outcome unknown — the record may exist and own the uploads.
 */
export function certainlyRefused(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'graphql') return true;
  const status = typeof error.details.status === 'number' ? error.details.status : undefined;
  return error.kind === 'http' && status !== undefined && status < 500;
}

import type { TFunction } from 'i18next';
import { ApiError } from './client.ts';

/**
 * The translated message for an error (SPEC §8): network failures get the network message, known
 * codes their translation, anything else the server's message or the generic one.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return t('errors.network');
    const key = `errors.codes.${error.code}`;
    const translated = t(key, { ...error.details, defaultValue: '' });
    // A refusal that names its record (e.g. "invoice #12 INV-2026-0012") says which one refused.
    const record = typeof error.details.record === 'string' ? error.details.record : undefined;
    if (translated) return record ? `${record}: ${translated}` : translated;
    return error.message || t('errors.generic');
  }
  return t('errors.generic');
}

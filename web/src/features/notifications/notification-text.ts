import type { TFunction } from 'i18next';
import { formatDay } from '../documents/document-format.ts';

/** What a notification says about its record (the params the database stored with it). */
export interface NotificationParams {
  kind?: 'invoice' | 'cost' | 'bill' | 'document';
  id?: string;
  reference?: string;
  reason?: string;
  /** A document's expiration date (document_expiring), 'YYYY-MM-DD'. */
  date?: string;
}

interface StoredNotification {
  type: string;
  title: string;
  params: unknown;
}

function paramsOf(notification: StoredNotification): NotificationParams {
  const params = notification.params;
  return params && typeof params === 'object' ? (params as NotificationParams) : {};
}

/**
 * The notification in the reader's language: its type's message with the record's reference; the
 * stored English title only for a type the app does not know.
 */
export function notificationText(
  t: TFunction,
  notification: StoredNotification,
  language = 'ru',
): string {
  const { reference, date } = paramsOf(notification);
  return t(`notifications.types.${notification.type}`, {
    reference: reference ?? '',
    date: formatDay(date, language),
    defaultValue: notification.title,
  });
}

/** Where a notification leads: the record it is about. */
export function notificationLink(notification: StoredNotification): string | undefined {
  const { kind, id } = paramsOf(notification);
  if (kind === 'document' && id && /^[0-9a-f-]{36}$/i.test(id)) return `/documents/${id}`;
  if (!id || !/^\d+$/.test(id)) return undefined;
  if (kind === 'invoice') return `/invoices/${id}`;
  if (kind === 'bill') return `/bills/${id}`;
  if (kind === 'cost') return `/redirect-to-invoice/cost/${id}`;
  return undefined;
}

export function notificationReason(notification: StoredNotification): string | undefined {
  return paramsOf(notification).reason;
}

import type { TFunction } from 'i18next';
import { recordLink } from '../../components/record-link.ts';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d{1,18}$/;

/**
 * Where a notification leads: the page of the record it is about (a cost's: its invoice), by the
 * one record-link helper; none for an id of the wrong form.
 */
export function notificationLink(notification: StoredNotification): string | undefined {
  const { kind, id } = paramsOf(notification);
  if (!id) return undefined;
  switch (kind) {
    case 'document':
      return UUID.test(id) ? recordLink('document', id) : undefined;
    case 'invoice':
    case 'bill':
    case 'cost':
      return NUMBER.test(id) ? recordLink(kind, id) : undefined;
    default:
      return undefined;
  }
}

export function notificationReason(notification: StoredNotification): string | undefined {
  return paramsOf(notification).reason;
}

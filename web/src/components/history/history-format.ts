// How an audit row reads in a record's history and on the audit screen: the event in words
// ("Approved cost “QA hosting”", "Утверждён расход «QA hosting»"), the changed fields with their
// values formatted (money with its currency, dates, statuses in the reader's language, users and
// referenced records by name), and the records it refers to as links.
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, formatMoney } from '../format.ts';
import { billingPeriod } from '../names.ts';
import { HIDDEN_FIELDS } from './hidden-fields.ts';

/** The fields of an audit row a history needs (AuditTrail in the API). */
export interface HistoryEntry {
  id: string;
  tableName: string;
  recordId: string;
  action: string;
  event?: string | null;
  changes?: unknown;
  rowData: unknown;
  createdAt: string;
  userName?: string | null;
  userNames?: unknown;
  referenceNames?: unknown;
}

/** A record a history is shown for, or an audit row links to. */
export type RecordKind = 'invoices' | 'bills' | 'costs' | 'documents';

export type HistoryLink =
  { kind: 'record'; to: string; label: string } | { kind: 'file'; fileId: string; label: string };

export interface HistoryChange {
  field: string;
  before: string;
  after: string;
}

export interface DescribedEntry {
  title: string;
  changes: HistoryChange[];
  links: HistoryLink[];
}

type Row = Record<string, unknown>;

const STATUS_FIELDS = new Set(['status', 'costs_status', 'payment_status']);
const MONEY_FIELDS = new Set(['amount', 'amount_w_vat', 'paid_amount']);
const USD_FIELDS = new Set(['amount_usd', 'amount_usd_w_vat']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const asRow = (value: unknown): Row =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
const text = (value: unknown): string | undefined =>
  value === null || value === undefined || value === '' ? undefined : String(value);

/** Where a record's page is: invoices and bills by number, documents by id; a cost on its invoice. */
export function recordPath(
  tableName: string,
  recordId: string,
  rowData?: unknown,
): string | undefined {
  const row = asRow(rowData);
  switch (tableName) {
    case 'invoices':
      return `/invoices/${recordId}`;
    case 'bills':
      return `/bills/${recordId}`;
    case 'documents':
      return `/documents/${recordId}`;
    case 'costs':
    case 'invoices_files':
    case 'invoices_payments':
      return text(row.invoice_id) ? `/invoices/${String(row.invoice_id)}` : undefined;
    case 'bills_files':
    case 'bills_payments':
      return text(row.bill_id) ? `/bills/${String(row.bill_id)}` : undefined;
    case 'documents_files':
      return text(row.document_id) ? `/documents/${String(row.document_id)}` : undefined;
    case 'costs_files': {
      const cost = asRow(row.cost);
      return text(cost.invoice_id) ? `/invoices/${String(cost.invoice_id)}` : undefined;
    }
    default:
      return undefined;
  }
}

/** A column name in words: the catalogue's, or the name itself made readable. */
export function fieldLabel(t: TFunction, field: string): string {
  return t(`history.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });
}

/** One value of a field, as the reader reads it. */
export function formatValue(
  t: TFunction,
  lang: string,
  field: string,
  value: unknown,
  entry: HistoryEntry,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const row = asRow(entry.rowData);
  const users = asRow(entry.userNames);
  const names = asRow(entry.referenceNames);
  const raw = typeof value === 'object' ? JSON.stringify(value) : String(value as string);
  if (field.endsWith('_by') || field === 'user_id')
    return text(users[raw]) ?? t('history.unknownUser');
  if (UUID.test(raw)) return text(names[raw]) ?? t('history.otherRecord');
  if (STATUS_FIELDS.has(field)) return t(`statuses.${raw}`, { defaultValue: raw });
  if (field === 'payment_method' || field === 'final_payment_method')
    return t(`payments.methods.${raw}`, { defaultValue: raw });
  if (field === 'type' && entry.tableName === 'invoices')
    return t(`invoices.types.${raw}`, { defaultValue: raw });
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (MONEY_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(raw))
    return formatMoney(raw, lang, text(row.currency));
  if (USD_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(raw)) return formatMoney(raw, lang, 'USD');
  if (field === 'vat' && /^-?\d+(\.\d+)?$/.test(raw)) return `${raw.replace(/\.0+$/, '')} %`;
  if (field === 'bill_id') return t('history.billNumber', { id: raw });
  if (field === 'invoice_id') return t('history.invoiceNumber', { id: raw });
  if (/^\d{4}-\d{2}-\d{2}T/.test(raw)) return formatDateTime(raw, lang);
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return formatDate(raw, lang);
  return raw;
}

/** The records whose `period` is a billing month (with `year`). */
const PERIOD_TABLES = new Set(['costs', 'bills']);

type Changes = Record<string, { old?: unknown; new?: unknown } | undefined>;

/**
 * A changed billing period (a cost's or a bill's month) as the screens show it: "March 2026" with
 * the year when that changed too (then not said again on its own), else the month's name.
 */
function periodChange(t: TFunction, changes: Changes): HistoryChange | undefined {
  if (!changes.period) return undefined;
  const at = (side: 'old' | 'new') => {
    const month = Number(changes.period?.[side]);
    const year = Number(changes.year?.[side]);
    if (!(month >= 1 && month <= 12)) return '—';
    return year > 0 ? billingPeriod(t, month, year) : t(`bills.months.${month}`);
  };
  return { field: fieldLabel(t, 'period'), before: at('old'), after: at('new') };
}

/** The changed fields of an update, each before and after. */
function changesOf(t: TFunction, lang: string, entry: HistoryEntry): HistoryChange[] {
  const changes = asRow(entry.changes) as Changes;
  const period = PERIOD_TABLES.has(entry.tableName) ? periodChange(t, changes) : undefined;
  return Object.entries(changes)
    .filter(([field]) => !HIDDEN_FIELDS.has(field) && !(period && field === 'year'))
    .map(([field, change]) =>
      period && field === 'period'
        ? period
        : {
            field: fieldLabel(t, field),
            before: formatValue(t, lang, field, change?.old, entry),
            after: formatValue(t, lang, field, change?.new, entry),
          },
    );
}

/** The records the row refers to that have a page or a file to open. */
function linksOf(entry: HistoryEntry, viewing?: { kind: RecordKind; id: string }): HistoryLink[] {
  const row = asRow(entry.rowData);
  const names = asRow(entry.referenceNames);
  const links: HistoryLink[] = [];
  const file = asRow(row.file);
  if (text(file.id))
    links.push({ kind: 'file', fileId: String(file.id), label: String(file.name) });
  const bill = text(asRow(asRow(entry.changes).bill_id).new) ?? text(row.bill_id);
  if (entry.tableName === 'costs' && bill && !(viewing?.kind === 'bills' && viewing.id === bill))
    links.push({ kind: 'record', to: `/bills/${bill}`, label: `#${bill}` });
  if (entry.tableName === 'documents') {
    const own = viewing?.kind === 'documents' && viewing.id === entry.recordId;
    if (!own)
      links.push({
        kind: 'record',
        to: `/documents/${entry.recordId}`,
        label: text(row.name) ?? entry.recordId,
      });
    const parent = text(row.contract_reference);
    if (own && parent)
      links.push({
        kind: 'record',
        to: `/documents/${parent}`,
        label: text(names[parent]) ?? parent,
      });
  }
  return links;
}

/** What the row says, in the reader's language, as seen from the record whose history it is in. */
export function describeEntry(
  t: TFunction,
  lang: string,
  entry: HistoryEntry,
  viewing?: { kind: RecordKind; id: string },
): DescribedEntry {
  const row = asRow(entry.rowData);
  const event = entry.event ?? 'edited';
  const own = viewing ? entry.tableName === viewing.kind && entry.recordId === viewing.id : false;
  const changes = event === 'created' || event === 'deleted' ? [] : changesOf(t, lang, entry);
  const links = linksOf(entry, viewing);
  const payment = asRow(row.payment);
  const newStatus = text(asRow(asRow(entry.changes).status).new) ?? text(row.status) ?? '';
  const oldStatus = text(asRow(asRow(entry.changes).status).old);
  const options = {
    name: text(row.name) ?? text(asRow(row.file).name) ?? entry.recordId,
    cost: text(asRow(row.cost).name) ?? '',
    reason: text(row.reject_reason) ?? '',
    number: text(row.invoice_ref) ?? entry.recordId,
    id: entry.recordId,
    status: t(`statuses.${newStatus}`, { defaultValue: newStatus }),
    amount: formatMoney(
      text(payment.amount) ?? text(row.amount),
      lang,
      text(payment.currency) ?? text(row.currency),
    ),
    date: formatDate(text(payment.payment_date) ?? text(row.payment_date), lang),
    method: t(
      `payments.methods.${text(payment.payment_method) ?? text(row.payment_method) ?? ''}`,
      {
        defaultValue: '',
      },
    ),
  };
  const subject = entry.tableName;
  let key: string;
  if (subject === 'costs' && event === 'rejected') key = 'history.events.costs.rejected';
  else if (
    event === 'status' &&
    subject === 'invoices' &&
    newStatus === 'open' &&
    oldStatus &&
    oldStatus !== 'draft'
  )
    key = 'history.events.invoices.status.reset';
  else if (event === 'status' && (subject === 'invoices' || subject === 'bills'))
    key = `history.events.${subject}.status.${newStatus}`;
  else key = `history.events.${subject}.${event}`;
  const fallback = t(`history.events.any.${event}`, {
    ...options,
    kind: t(`history.kinds.${subject}`, { defaultValue: subject }),
    defaultValue: t('history.events.any.edited', {
      kind: t(`history.kinds.${subject}`, { defaultValue: subject }),
    }),
  });
  let title = t(key, { ...options, defaultValue: fallback });
  if (own && event === 'connected') title = t('history.events.documents.connectedTo', options);
  if (own && event === 'disconnected')
    title = t('history.events.documents.disconnectedFrom', options);
  if (subject === 'costs_files' && options.cost)
    title = `${title} (${t('history.onCost', { cost: options.cost })})`;
  return { title, changes, links };
}

import { addDays, format as formatDay } from 'date-fns';
import type { DocumentFilter, DocumentOrderBy, DocumentType } from '../../api/generated.ts';
import {
  filterCodecs,
  type FilterCodec,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';

export type DocumentSortKey = SortKeyOf<DocumentOrderBy>;

export const DOCUMENT_TYPES: readonly DocumentType[] = ['Contract', 'Amendment', 'Order', 'Offer'];
export const EXPIRING_DAYS = ['30', '60', '90'] as const;

/** The filters of the documents table (SPEC §2), each a query parameter of the URL. */
export interface DocumentFilters {
  id: string;
  type: string;
  name: string;
  contractor: string;
  principal: string;
  service: string;
  signedFrom: Date | null;
  signedTo: Date | null;
  expiresFrom: Date | null;
  expiresTo: Date | null;
  uploadedFrom: Date | null;
  uploadedTo: Date | null;
  uploadedBy: string;
  comments: string;
  /** Expiring within the next 30, 60 or 90 days (from today, inclusive). */
  expiring: string;
  /** 'only': the archived documents instead of the live ones. */
  archived: string;
}

/** A value out of a fixed list; anything else reads as unset. */
function oneOf(values: readonly string[]): FilterCodec<string> {
  return {
    parse: (raw) => (values.includes(raw) ? raw : undefined),
    format: (value) => (values.includes(value) ? value : undefined),
  };
}

const text = { initial: '', codec: filterCodecs.text };
const date = { initial: null, codec: filterCodecs.date };

export const DOCUMENTS_TABLE: TableConfig<DocumentFilters, DocumentSortKey> = {
  sort: { key: 'SIGNING_DATE', direction: 'DESC' },
  sortKeys: ['NAME', 'SIGNING_DATE', 'EXPIRATION_DATE', 'CURRENCY', 'CREATED_AT'],
  filters: {
    id: text,
    type: { initial: '', codec: oneOf(DOCUMENT_TYPES) },
    name: text,
    contractor: text,
    principal: text,
    service: text,
    signedFrom: date,
    signedTo: date,
    expiresFrom: date,
    expiresTo: date,
    uploadedFrom: date,
    uploadedTo: date,
    uploadedBy: text,
    comments: text,
    expiring: { initial: '', codec: oneOf(EXPIRING_DAYS) },
    archived: { initial: '', codec: oneOf(['only']) },
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = (value: Date) => formatDay(value, 'yyyy-MM-dd');

/** The GraphQL filter of the table's filters; `today` is the local calendar day. */
export function documentFilter(filters: DocumentFilters, today: Date): DocumentFilter {
  const parts: DocumentFilter[] = [{ isDeleted: { equalTo: filters.archived === 'only' } }];
  const like = (value: string) => ({ includesInsensitive: value.trim() });
  if (filters.id.trim()) {
    // Not a uuid: no document has it (the filter still applies, the list is empty).
    parts.push(
      UUID.test(filters.id.trim())
        ? { id: { equalTo: filters.id.trim() } }
        : { id: { isNull: true } },
    );
  }
  if (filters.type) parts.push({ type: { equalTo: filters.type as DocumentType } });
  if (filters.name.trim()) parts.push({ name: like(filters.name) });
  if (filters.contractor.trim()) {
    parts.push({
      contractor: {
        or: [{ legalName: like(filters.contractor) }, { shortName: like(filters.contractor) }],
      },
    });
  }
  if (filters.principal.trim()) {
    parts.push({
      principal: {
        or: [{ legalName: like(filters.principal) }, { shortName: like(filters.principal) }],
      },
    });
  }
  if (filters.service.trim()) parts.push({ service: { name: like(filters.service) } });
  if (filters.comments.trim()) parts.push({ comments: like(filters.comments) });
  if (filters.signedFrom)
    parts.push({ signingDate: { greaterThanOrEqualTo: day(filters.signedFrom) } });
  if (filters.signedTo) parts.push({ signingDate: { lessThanOrEqualTo: day(filters.signedTo) } });
  if (filters.expiresFrom) {
    parts.push({ expirationDate: { greaterThanOrEqualTo: day(filters.expiresFrom) } });
  }
  if (filters.expiresTo)
    parts.push({ expirationDate: { lessThanOrEqualTo: day(filters.expiresTo) } });
  if (filters.expiring) {
    parts.push({
      expirationDate: {
        greaterThanOrEqualTo: day(today),
        lessThanOrEqualTo: day(addDays(today, Number(filters.expiring))),
      },
    });
  }
  if (filters.uploadedFrom || filters.uploadedTo || filters.uploadedBy.trim()) {
    const file: NonNullable<NonNullable<DocumentFilter['documentsFiles']>['some']> = {};
    const at: Record<string, string> = {};
    if (filters.uploadedFrom) at.greaterThanOrEqualTo = filters.uploadedFrom.toISOString();
    if (filters.uploadedTo) at.lessThan = addDays(filters.uploadedTo, 1).toISOString();
    if (Object.keys(at).length) file.uploadedAt = at;
    if (filters.uploadedBy.trim()) {
      const who = like(filters.uploadedBy);
      file.userByUploadedBy = {
        or: [{ lastName: who }, { username: who }],
      };
    }
    parts.push({ documentsFiles: { some: file } });
  }
  return { and: parts };
}

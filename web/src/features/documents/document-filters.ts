// The documents list's filters (SPEC §2): how they are kept in the URL and what GraphQL filter
// they make.
import { addDays, format } from 'date-fns';
import type { DocumentFilter, DocumentOrderBy, DocumentType } from '../../api/generated.ts';
import {
  archivedCondition,
  filterCodecs,
  type Archived,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';

export type DocumentSortKey = SortKeyOf<DocumentOrderBy>;

export const DOCUMENT_TYPES: readonly DocumentType[] = ['Contract', 'Amendment', 'Order', 'Offer'];
export const EXPIRING_DAYS = ['30', '60', '90'] as const;

/** The filters of the documents table, each a query parameter of the URL. */
export interface DocumentFilters {
  name: string;
  type: DocumentType | '';
  /** Expiring within the next 30, 60 or 90 days (from today, inclusive). */
  expiring: (typeof EXPIRING_DAYS)[number] | '';
  id: string;
  contractor: string;
  principal: string;
  service: string;
  uploadedBy: string;
  comments: string;
  signedFrom: Date | null;
  signedTo: Date | null;
  expiresFrom: Date | null;
  expiresTo: Date | null;
  uploadedFrom: Date | null;
  uploadedTo: Date | null;
  /** '' (the default): live documents only; 'only': archived only; 'all': both. */
  archived: Archived;
}

/** The text filters under "More filters" (the name is in the toolbar). */
export const MORE_TEXT_FILTERS = [
  'id',
  'contractor',
  'principal',
  'service',
  'uploadedBy',
  'comments',
] as const satisfies readonly (keyof DocumentFilters)[];
export const DATE_FILTERS = [
  'signedFrom',
  'signedTo',
  'expiresFrom',
  'expiresTo',
  'uploadedFrom',
  'uploadedTo',
] as const satisfies readonly (keyof DocumentFilters)[];

const text = { initial: '', codec: filterCodecs.text };
const date = { initial: null, codec: filterCodecs.date };

export const DOCUMENTS_TABLE: TableConfig<DocumentFilters, DocumentSortKey> = {
  sort: { key: 'SIGNING_DATE', direction: 'DESC' },
  sortKeys: ['NAME', 'SIGNING_DATE', 'EXPIRATION_DATE', 'CURRENCY', 'CREATED_AT'],
  // In the order of their chips.
  filters: {
    name: text,
    type: { initial: '', codec: filterCodecs.choice(DOCUMENT_TYPES) },
    expiring: { initial: '', codec: filterCodecs.choice(EXPIRING_DAYS) },
    id: text,
    contractor: text,
    principal: text,
    service: text,
    uploadedBy: text,
    comments: text,
    signedFrom: date,
    signedTo: date,
    expiresFrom: date,
    expiresTo: date,
    uploadedFrom: date,
    uploadedTo: date,
    archived: { initial: '', codec: filterCodecs.archived },
  },
};

/** How many of the "More filters" are set (shown on its button). */
export function moreFiltersSet(filters: DocumentFilters): number {
  return (
    MORE_TEXT_FILTERS.filter((key) => filters[key].trim()).length +
    DATE_FILTERS.filter((key) => filters[key]).length +
    (filters.archived ? 1 : 0)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = (value: Date) => format(value, 'yyyy-MM-dd');
const like = (value: string) => ({ includesInsensitive: value.trim() });
/** A company by its legal or short name. */
const company = (value: string) => ({
  or: [{ legalName: like(value) }, { shortName: like(value) }],
});

/** The condition on the document's files: uploaded in the range, by the user named. */
function filesCondition(filters: DocumentFilters): DocumentFilter[] {
  if (!filters.uploadedFrom && !filters.uploadedTo && !filters.uploadedBy.trim()) return [];
  const file: NonNullable<NonNullable<DocumentFilter['documentsFiles']>['some']> = {};
  const at: Record<string, string> = {};
  if (filters.uploadedFrom) at.greaterThanOrEqualTo = filters.uploadedFrom.toISOString();
  // The whole last day: before the start of the next one.
  if (filters.uploadedTo) at.lessThan = addDays(filters.uploadedTo, 1).toISOString();
  if (Object.keys(at).length) file.uploadedAt = at;
  if (filters.uploadedBy.trim()) {
    const who = like(filters.uploadedBy);
    file.userByUploadedBy = { or: [{ lastName: who }, { username: who }] };
  }
  return [{ documentsFiles: { some: file } }];
}

/** The GraphQL filter of the table's filters; `today` is the local calendar day. */
export function documentFilter(filters: DocumentFilters, today: Date): DocumentFilter {
  const parts: DocumentFilter[] = [...archivedCondition(filters.archived)];
  const id = filters.id.trim();
  // Not a uuid: no document has it (the filter still applies, the list is empty).
  if (id) parts.push(UUID.test(id) ? { id: { equalTo: id } } : { id: { isNull: true } });
  if (filters.type) parts.push({ type: { equalTo: filters.type } });
  if (filters.name.trim()) parts.push({ name: like(filters.name) });
  if (filters.contractor.trim()) parts.push({ contractor: company(filters.contractor) });
  if (filters.principal.trim()) parts.push({ principal: company(filters.principal) });
  if (filters.service.trim()) parts.push({ service: { name: like(filters.service) } });
  if (filters.comments.trim()) parts.push({ comments: like(filters.comments) });
  if (filters.signedFrom)
    parts.push({ signingDate: { greaterThanOrEqualTo: day(filters.signedFrom) } });
  if (filters.signedTo) parts.push({ signingDate: { lessThanOrEqualTo: day(filters.signedTo) } });
  if (filters.expiresFrom)
    parts.push({ expirationDate: { greaterThanOrEqualTo: day(filters.expiresFrom) } });
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
  parts.push(...filesCondition(filters));
  return { and: parts };
}

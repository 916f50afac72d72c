// The documents table's columns (docs/documents.md), and those of its export.
import type { TFunction } from 'i18next';
import type { AllDocumentsQuery } from '../../api/generated.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { recordLink } from '../../components/record-link.ts';
import { formatDay } from './document-format.ts';
import type { DocumentSortKey } from './document-filters.ts';

export type DocumentRow = NonNullable<AllDocumentsQuery['allDocuments']>['nodes'][number] & {
  id: string;
};
type DocumentColumn = Column<DocumentRow, DocumentSortKey>;

export function documentColumns(t: TFunction, language: string): DocumentColumn[] {
  return [
    {
      field: 'name',
      header: 'resources.fields.name',
      sortKey: 'NAME',
      link: (row) => recordLink('document', row.id),
    },
    {
      field: 'type',
      header: 'resources.fields.type',
      // "Дополнительное соглашение": its longest word on one line.
      width: 130,
      format: (row) => t(`documents.types.${row.type}`),
    },
    {
      field: 'status',
      header: 'resources.fields.status',
      format: (row) => (row.status ? t(`documentRegistry.status.${row.status}`) : ''),
    },
    {
      field: 'contractNumber',
      kind: 'short',
      header: 'resources.documents.fields.contract_number',
      hidden: true,
    },
    {
      field: 'contractor',
      header: 'resources.documents.fields.contractor_id',
      format: (row) => row.contractor?.legalName ?? '',
    },
    {
      field: 'principal',
      header: 'resources.documents.fields.principal_id',
      format: (row) => row.principal?.legalName ?? '',
    },
    {
      field: 'amount',
      header: 'resources.fields.amount',
      kind: 'money',
      currency: (row) => row.currency ?? '',
    },
    {
      field: 'signingDate',
      kind: 'date',
      // The list's headers are short ("Подписан", "Истекает", as its filters): the forms keep the
      // full "Дата подписания"; a header's word never breaks (DataTable's headerMinWidth).
      header: 'documents.signedColumn',
      sortKey: 'SIGNING_DATE',
      format: (row) => formatDay(row.signingDate, language),
    },
    {
      field: 'expirationDate',
      kind: 'date',
      header: 'documents.expiresColumn',
      sortKey: 'EXPIRATION_DATE',
      format: (row) => formatDay(row.expirationDate, language),
    },
    { field: 'parentName', header: 'documents.parent', hidden: true },
    {
      field: 'client',
      header: 'resources.clients.name',
      hidden: true,
      format: (row) => row.client?.legalName ?? '',
    },
    {
      field: 'service',
      header: 'resources.services.name',
      hidden: true,
      format: (row) => row.service?.name ?? '',
    },
    {
      field: 'documentsFiles',
      kind: 'number',
      hidden: true,
      header: 'documents.fileCount',
      format: (row) => String(row.documentsFiles.totalCount),
    },
  ];
}

/** The export's columns: the table's, with the currency beside the amount. */
export function documentExportColumns(columns: DocumentColumn[]): Column<DocumentRow>[] {
  const afterAmount = columns.findIndex((column) => column.field === 'amount') + 1;
  const currency: DocumentColumn = {
    field: 'currency',
    kind: 'short',
    header: 'resources.currencies.name',
  };
  return [
    ...columns.slice(0, afterAmount),
    currency,
    ...columns.slice(afterAmount),
  ] as Column<DocumentRow>[];
}

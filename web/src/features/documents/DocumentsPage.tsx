import { Add, FilterList, OpenInNew } from '@mui/icons-material';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { startOfDay } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  AllDocumentsDocument,
  type AllDocumentsQuery,
  type DocumentOrderBy,
} from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { DataTable, type Column, type FilterChip } from '../../components/DataTable/DataTable.tsx';
import { ExportButton, connectionPage, type Page } from '../../components/export/index.ts';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { FilterDateField, FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { api } from '../../app/services.ts';
import { formatDate } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { formatDay } from './document-format.ts';
import {
  DOCUMENT_TYPES,
  DOCUMENTS_TABLE,
  EXPIRING_DAYS,
  documentFilter,
  type DocumentFilters,
  type DocumentSortKey,
} from './filters.ts';

type DocumentRow = NonNullable<AllDocumentsQuery['allDocuments']>['nodes'][number] & {
  id: string;
};

type TextFilter =
  'id' | 'name' | 'contractor' | 'principal' | 'service' | 'uploadedBy' | 'comments';
type DateFilter =
  'signedFrom' | 'signedTo' | 'expiresFrom' | 'expiresTo' | 'uploadedFrom' | 'uploadedTo';

const MORE_TEXT: TextFilter[] = [
  'id',
  'contractor',
  'principal',
  'service',
  'uploadedBy',
  'comments',
];
const DATES: DateFilter[] = [
  'signedFrom',
  'signedTo',
  'expiresFrom',
  'expiresTo',
  'uploadedFrom',
  'uploadedTo',
];

/** Documents table (SPEC §2): filters, sort and pages in the URL; one query for the page. */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(DOCUMENTS_TABLE);
  const { filters } = table.state;
  const today = useMemo(() => startOfDay(new Date()), []);
  const moreActive =
    MORE_TEXT.filter((key) => filters[key]).length +
    DATES.filter((key) => filters[key]).length +
    (filters.archived ? 1 : 0);
  const [moreOpen, setMoreOpen] = useState(moreActive > 0);
  const data = useListQuery(
    AllDocumentsDocument,
    {
      ...pagingVariables<DocumentOrderBy>(table.state),
      filter: documentFilter(filters, today),
    },
    { reads: ['Document', 'File', 'Company', 'Service'] },
    (result) => result.allDocuments,
  );

  const columns: Column<DocumentRow, DocumentSortKey>[] = [
    {
      field: 'name',
      header: 'documents.name',
      sortKey: 'NAME',
      link: (row) => `/documents/${row.id}`,
    },
    {
      field: 'type',
      header: 'documents.type',
      format: (row) => t(`documents.types.${row.type}`),
    },
    {
      field: 'status',
      header: 'documentRegistry.statusLabel',
      format: (row) => (row.status ? t(`documentRegistry.status.${row.status}`) : ''),
    },
    {
      field: 'contractNumber',
      kind: 'short',
      header: 'documentRegistry.contractNumber',
      hidden: true,
    },
    {
      field: 'contractor',
      header: 'documents.contractor',
      format: (row) => row.contractor?.legalName ?? '',
    },
    {
      field: 'principal',
      header: 'documents.principal',
      format: (row) => row.principal?.legalName ?? '',
    },
    {
      field: 'amount',
      header: 'documents.amount',
      kind: 'money',
      currency: (row) => row.currency ?? '',
    },
    {
      field: 'signingDate',
      kind: 'date',
      header: 'documents.signingDate',
      sortKey: 'SIGNING_DATE',
      format: (row) => formatDay(row.signingDate, i18n.language),
    },
    {
      field: 'expirationDate',
      kind: 'date',
      header: 'documents.expirationDate',
      sortKey: 'EXPIRATION_DATE',
      format: (row) => formatDay(row.expirationDate, i18n.language),
    },
    { field: 'parentName', header: 'documents.parent', hidden: true },
    {
      field: 'client',
      header: 'documents.client',
      hidden: true,
      format: (row) => row.client?.legalName ?? '',
    },
    {
      field: 'service',
      header: 'documents.service',
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

  // The file has the table's columns and the currency beside the amount.
  const afterAmount = columns.findIndex((column) => column.field === 'amount') + 1;
  const exportColumns = [
    ...columns.slice(0, afterAmount),
    { field: 'currency', kind: 'short', header: 'documents.currency' } as Column<
      DocumentRow,
      DocumentSortKey
    >,
    ...columns.slice(afterAmount),
  ] as Column<DocumentRow>[];
  const loadPage = async (first: number, after: string | null): Promise<Page<DocumentRow>> => {
    const { orderBy } = pagingVariables<DocumentOrderBy>(table.state);
    const filter = documentFilter(filters, today);
    const variables = { first, offset: 0, after, orderBy, filter };
    return connectionPage((await api.request(AllDocumentsDocument, variables)).allDocuments);
  };

  const chips: FilterChip[] = [];
  const textChip = (key: TextFilter) => {
    if (filters[key]) {
      chips.push({
        id: key,
        label: `${t(`documents.filters.${key}`)}: ${filters[key]}`,
        onRemove: () => table.setFilter(key, ''),
      });
    }
  };
  (['name', ...MORE_TEXT] as TextFilter[]).forEach(textChip);
  if (filters.type) {
    chips.push({
      id: 'type',
      label: `${t('documents.type')}: ${t(`documents.types.${filters.type}`)}`,
      onRemove: () => table.setFilter('type', ''),
    });
  }
  if (filters.expiring) {
    chips.push({
      id: 'expiring',
      label: t('documents.filters.expiringIn', { days: filters.expiring }),
      onRemove: () => table.setFilter('expiring', ''),
    });
  }
  for (const key of DATES) {
    const value = filters[key];
    if (value) {
      chips.push({
        id: key,
        label: `${t(`documents.filters.${key}`)}: ${formatDate(value.toISOString(), i18n.language)}`,
        onRemove: () => table.setFilter(key, null),
      });
    }
  }
  if (filters.archived) {
    chips.push({
      id: 'archived',
      label: t('documents.filters.archivedOnly'),
      onRemove: () => table.setFilter('archived', ''),
    });
  }

  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" data-testid="page-title">
          {t('titles.documents')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {permissions.documentsWrite && (
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to="/documents/new"
            data-testid="add"
          >
            {t('documents.add')}
          </Button>
        )}
      </Stack>
      <Collapse in={moreOpen} unmountOnExit>
        <Paper sx={{ p: 2, mb: 2 }} data-testid="more-filters">
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
              gap: 2,
            }}
          >
            {MORE_TEXT.map((key) => (
              <FilterText
                key={key}
                name={key}
                label={t(`documents.filters.${key}`)}
                value={filters[key]}
                onApply={(value) => table.setFilter(key, value)}
              />
            ))}
            {DATES.map((key) => (
              <FilterDateField
                key={key}
                label={`documents.filters.${key}`}
                value={filters[key]}
                onApply={(value) => table.setFilter(key, value)}
              />
            ))}
            <FormControlLabel
              control={
                <Checkbox
                  checked={filters.archived === 'only'}
                  onChange={(e) => table.setFilter('archived', e.target.checked ? 'only' : '')}
                  slotProps={{ input: { 'data-testid': 'filter-archived' } as object }}
                />
              }
              label={t('documents.filters.archivedOnly')}
            />
          </Box>
        </Paper>
      </Collapse>
      <DataTable<DocumentRow, DocumentSortKey>
        testId="documents-table"
        columns={columns}
        columnChooser="documents"
        {...bindTable(table, data)}
        filters={chips}
        emptyText={t('documents.empty')}
        toolbar={
          <>
            <FilterText
              name="name"
              label={t('documents.filters.name')}
              value={filters.name}
              onApply={(value) => table.setFilter('name', value)}
            />
            <TextField
              select
              size="small"
              label={t('documents.type')}
              value={filters.type}
              onChange={(e) => table.setFilter('type', e.target.value)}
              sx={{ minWidth: 180 }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'filter-type' } as object },
              }}
            >
              <MenuItem value="">{t('documents.filters.any')}</MenuItem>
              {DOCUMENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`documents.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('documents.filters.expiring')}
              value={filters.expiring}
              onChange={(e) => table.setFilter('expiring', e.target.value)}
              sx={{ minWidth: 220 }}
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'filter-expiring' } as object },
              }}
            >
              <MenuItem value="">{t('documents.filters.any')}</MenuItem>
              {EXPIRING_DAYS.map((days) => (
                <MenuItem key={days} value={days} data-testid={`expiring-${days}`}>
                  {t('documents.filters.nextDays', { days })}
                </MenuItem>
              ))}
            </TextField>
            <Button
              startIcon={<FilterList />}
              onClick={() => setMoreOpen((open) => !open)}
              aria-expanded={moreOpen}
              data-testid="toggle-filters"
            >
              {moreOpen
                ? t('documents.filters.less')
                : moreActive
                  ? t('documents.filters.moreActive', { count: moreActive })
                  : t('documents.filters.more')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('titles.documents')}
              columns={exportColumns}
              loadPage={loadPage}
              disabled={data.totalCount === 0}
            />
          </>
        }
        actionsWidth={100}
        rowActions={(row) => (
          <IconButton
            size="small"
            component={RouterLink}
            to={`/documents/${row.id}`}
            aria-label={t('documents.open', { name: row.name })}
            data-testid="open"
          >
            <OpenInNew fontSize="small" />
          </IconButton>
        )}
      />
    </Box>
  );
}

/** A text filter (the list's one behaviour: applied as you type); follows the URL. */
function FilterText(props: {
  name: keyof DocumentFilters;
  label: string;
  value: string;
  onApply: (value: string) => void;
}) {
  return (
    <FilterTextField
      label={props.label}
      hint="table.lists.searchHint"
      value={props.value}
      onApply={props.onApply}
      testId={`filter-${props.name}`}
    />
  );
}

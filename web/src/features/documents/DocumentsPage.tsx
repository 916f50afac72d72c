import { Add, OpenInNew } from '@mui/icons-material';
import { Box, Button, Stack, Typography } from '@mui/material';
import { startOfDay } from 'date-fns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AllDocumentsDocument, type DocumentOrderBy } from '../../api/generated.ts';
import { useListQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { bindTable } from '../../components/DataTable/bind-table.ts';
import { pagingVariables, useTableState } from '../../components/DataTable/table-state.ts';
import { ExportButton, connectionPage, type Page } from '../../components/export/index.ts';
import { recordLink } from '../../components/record-link.ts';
import { useSession } from '../../session/useSession.ts';
import { documentColumns, documentExportColumns, type DocumentRow } from './columns.ts';
import { documentChips } from './document-chips.ts';
import {
  DOCUMENTS_TABLE,
  documentFilter,
  moreFiltersSet,
  type DocumentSortKey,
} from './document-filters.ts';
import { DocumentMoreFilters, DocumentToolbarFilters } from './DocumentFilterFields.tsx';
import { RowIconLink } from '../../components/DataTable/row-icon-button.tsx';

/** Documents table (SPEC §2): filters, sort and pages in the URL; one query for the page. */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const table = useTableState(DOCUMENTS_TABLE);
  const { filters } = table.state;
  const today = useMemo(() => startOfDay(new Date()), []);
  const [moreOpen, setMoreOpen] = useState(moreFiltersSet(filters) > 0);
  const filter = documentFilter(filters, today);
  const data = useListQuery(
    AllDocumentsDocument,
    { ...pagingVariables<DocumentOrderBy>(table.state), filter },
    { reads: ['Document', 'File', 'Company', 'Service'] },
    (result) => result.allDocuments,
  );
  const columns = documentColumns(t, i18n.language);
  const loadPage = async (first: number, after: string | null): Promise<Page<DocumentRow>> => {
    const { orderBy } = pagingVariables<DocumentOrderBy>(table.state);
    const variables = { first, offset: 0, after, orderBy, filter };
    return connectionPage((await api.request(AllDocumentsDocument, variables)).allDocuments);
  };

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
            {t('titles.newDocument')}
          </Button>
        )}
      </Stack>
      <DocumentMoreFilters table={table} open={moreOpen} />
      <DataTable<DocumentRow, DocumentSortKey>
        testId="documents-table"
        columns={columns}
        columnChooser="documents"
        {...bindTable(table, data)}
        filters={documentChips(filters, table.setFilter, t, i18n.language)}
        emptyText={t('documents.empty')}
        toolbar={
          <>
            <DocumentToolbarFilters
              table={table}
              moreOpen={moreOpen}
              onToggleMore={() => setMoreOpen((open) => !open)}
            />
            <Box sx={{ flexGrow: 1 }} />
            <ExportButton
              title={t('titles.documents')}
              columns={documentExportColumns(columns)}
              loadPage={loadPage}
              disabled={data.totalCount === 0}
            />
          </>
        }
        actionsWidth={100}
        rowActions={(row) => (
          <RowIconLink
            to={recordLink('document', row.id)}
            aria-label={t('documents.open', { name: row.name })}
            data-testid="open"
          >
            <OpenInNew fontSize="small" />
          </RowIconLink>
        )}
      />
    </Box>
  );
}

// Export and import of clients, suppliers and projects (issue 29), in a reference table's toolbar.
import { Download, UploadFile } from '@mui/icons-material';
import { Alert, Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import {
  AllClientsDocument,
  AllProjectsDocument,
  AllSuppliersDocument,
} from '../../../api/generated.ts';
import { api } from '../../../app/services.ts';
import {
  EXPORT_LIMIT,
  connectionPage,
  loadPages,
  type Page,
} from '../../../components/export/index.ts';
import {
  fieldOf,
  REFERENCE_COLUMNS,
  saveReferenceFile,
  type ReferenceKind,
  type ReferenceRow,
} from './reference-file.ts';
import { ImportDialog } from './ReferenceImportDialog.tsx';

/** The live rows of a kind, as the file's columns. */
async function liveRows(kind: ReferenceKind): Promise<ReferenceRow[]> {
  const live = { isArchived: { equalTo: false } };
  const page = async (
    first: number,
    after: string | null,
  ): Promise<Page<Record<string, unknown>>> => {
    // By primary key, after the previous page's last row (keyset paging).
    const variables = {
      first,
      offset: 0,
      after,
      filter: live,
      orderBy: ['PRIMARY_KEY_ASC' as const],
    };
    if (kind === 'clients')
      return connectionPage((await api.request(AllClientsDocument, variables)).allClients);
    if (kind === 'suppliers')
      return connectionPage((await api.request(AllSuppliersDocument, variables)).allSuppliers);
    return connectionPage((await api.request(AllProjectsDocument, variables)).allProjects);
  };
  const { rows } = await loadPages(EXPORT_LIMIT, page);
  return rows.map((row) =>
    Object.fromEntries(
      REFERENCE_COLUMNS[kind].map((column) => [column, String(row[fieldOf(column)] ?? '')]),
    ),
  );
}

export function ReferenceExchange(props: { kind: ReferenceKind }) {
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setMenu(null);
    try {
      await saveReferenceFile(props.kind, await liveRows(props.kind), format, i18n.language);
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <>
      <Button
        startIcon={<Download />}
        onClick={(e) => setMenu(e.currentTarget)}
        data-testid="reference-export"
      >
        {t('export.export')}
      </Button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => void exportAs('xlsx')} data-testid="reference-export-xlsx">
          {t('export.xlsx')}
        </MenuItem>
        <MenuItem onClick={() => void exportAs('csv')} data-testid="reference-export-csv">
          {t('export.csv')}
        </MenuItem>
      </Menu>
      <Button
        startIcon={<UploadFile />}
        onClick={() => setImporting(true)}
        data-testid="reference-import"
      >
        {t('referenceData.import')}
      </Button>
      {failure !== undefined && (
        <Alert severity="error" onClose={() => setFailure(undefined)}>
          {errorMessage(t, failure)}
        </Alert>
      )}
      {importing && <ImportDialog kind={props.kind} onClose={() => setImporting(false)} />}
    </>
  );
}

import { FileDownload } from '@mui/icons-material';
import { Alert, Button, CircularProgress, Menu, MenuItem, Snackbar } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { Column } from './DataTable.tsx';
import { EXPORT_LIMIT, exportRows, type ExportFormat, type LoadedRows } from './export.ts';

interface ExportButtonProps<Row> {
  /** The file's name without extension. */
  fileName: string;
  columns: Column<Row>[];
  /** The rows the list's filters and sort select (up to EXPORT_LIMIT), and whether there are more. */
  loadRows: (limit: number) => Promise<LoadedRows<Row>>;
  disabled?: boolean;
}

/** Exports what the list's filters select, as CSV or XLSX, with the columns the table shows. */
export function ExportButton<Row>(props: ExportButtonProps<Row>) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string }>();

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { rows, more } = await props.loadRows(EXPORT_LIMIT);
      await exportRows({ format, fileName: props.fileName, columns: props.columns, rows, t });
      setMessage({
        severity: 'info',
        text: more
          ? t('export.limited', { count: rows.length })
          : t('export.done', { count: rows.length }),
      });
    } catch (error) {
      setMessage({ severity: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        startIcon={busy ? <CircularProgress size={16} /> : <FileDownload />}
        disabled={props.disabled || busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="export-button"
      >
        {t('export.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('xlsx')}>{t('export.xlsx')}</MenuItem>
        <MenuItem onClick={() => void run('csv')}>{t('export.csv')}</MenuItem>
      </Menu>
      <Snackbar
        open={Boolean(message)}
        autoHideDuration={6000}
        onClose={() => setMessage(undefined)}
      >
        {message ? (
          <Alert severity={message.severity} onClose={() => setMessage(undefined)}>
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}

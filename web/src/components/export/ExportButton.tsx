import { FileDownload } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Menu,
  MenuItem,
  Paper,
  Snackbar,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { ExportColumn } from './cells.ts';
import { EXPORT_LIMIT, rowsPages, type ExportFormat, type PageLoader } from './run.ts';
import { runExport } from './worker.ts';

interface ExportButtonProps<Row> {
  /** The list's title in the reader's language (the file is "<title> <yyyy-mm-dd>.xlsx"). */
  title: string;
  columns: ExportColumn<Row>[];
  /** One page of the rows the list's filters and sort select. */
  loadPage?: PageLoader<Row>;
  /** Or the rows themselves (a selection, a report already on screen). */
  rows?: Row[];
  /** How many rows the list has, when known: the progress then shows a share. */
  total?: number;
  disabled?: boolean;
}

/**
 * Exports what the list's filters select (up to 100,000 rows), as XLSX or CSV, with the columns the
 * table shows; the rows stream in pages with a progress bar and a way to stop.
 */
export function ExportButton<Row>(props: ExportButtonProps<Row>) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<number>();
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string }>();
  const abort = useRef<AbortController>(undefined);
  const busy = progress !== undefined;
  const total = props.total && props.total <= EXPORT_LIMIT ? props.total : undefined;

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    setProgress(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { count, more } = await runExport({
        format,
        title: props.title,
        columns: props.columns,
        loadPage: props.loadPage ?? rowsPages(props.rows ?? []),
        t,
        language: i18n.language === 'en' ? 'en' : 'ru',
        onProgress: setProgress,
        signal: controller.signal,
      });
      setMessage({
        severity: 'info',
        text: more ? t('export.limited', { count }) : t('export.done', { count }),
      });
    } catch (error) {
      if (!controller.signal.aborted)
        setMessage({ severity: 'error', text: errorMessage(t, error) });
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <>
      <Button
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <FileDownload />}
        disabled={props.disabled || busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="export-button"
      >
        {t('export.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run('xlsx')} data-testid="export-xlsx">
          {t('export.xlsx')}
        </MenuItem>
        <MenuItem onClick={() => void run('csv')} data-testid="export-csv">
          {t('export.csv')}
        </MenuItem>
      </Menu>
      <Snackbar open={busy} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Paper
          elevation={6}
          sx={{ p: 2, width: 360 }}
          role="status"
          aria-live="polite"
          data-testid="export-progress"
        >
          <Typography variant="body2" sx={{ mb: 1 }}>
            {total
              ? t('exports.progressOf', { count: progress ?? 0, total })
              : t('exports.progress', { count: progress ?? 0 })}
          </Typography>
          <LinearProgress
            variant={total ? 'determinate' : 'indeterminate'}
            value={total ? Math.min(100, ((progress ?? 0) / total) * 100) : undefined}
            aria-label={t('exports.progressLabel')}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" onClick={() => abort.current?.abort()} data-testid="export-cancel">
              {t('exports.cancel')}
            </Button>
          </Box>
        </Paper>
      </Snackbar>
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

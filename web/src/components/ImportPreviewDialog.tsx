import { UploadFile } from '@mui/icons-material';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors.ts';

/** A problem the database found on a line of the file (1-based), already in words. */
export interface ImportProblem {
  line: number;
  text: string;
}

export interface ImportPreviewColumn<Row> {
  /** The header, in words (a file's own column names stay as they are in the file). */
  header: string;
  value: (row: Row) => ReactNode;
  align?: 'right';
}

interface ImportPreviewDialogProps<Row> {
  title: string;
  /** Under the title: what the file holds. */
  help: ReactNode;
  accept: string;
  columns: ImportPreviewColumn<Row>[];
  /** Reads the chosen file into rows (refuses a file it cannot read). */
  read: (file: File) => Promise<Row[]>;
  /** The database's check of every row, writing nothing. */
  check: (rows: Row[]) => Promise<ImportProblem[]>;
  /** Writes every row at once, or none; says how many were written. */
  apply: (rows: Row[]) => Promise<number>;
  /** The line above the preview: how many rows, and whether any has a problem. */
  summary: (rows: number, badLines: number) => string;
  imported: (count: number) => string;
  /** i18n keys of the two buttons. */
  chooseLabel: string;
  applyLabel: string;
  /** Test ids: the dialog's content, the file input, the summary, the apply button, the success. */
  testIds: { dialog: string; file: string; summary: string; apply: string; imported?: string };
  onClose: () => void;
}

/**
 * An import from a file: the file's rows with the problems the database finds on each line,
 * then all rows written at once, or none (the reference data and exchange rate imports).
 */
export function ImportPreviewDialog<Row>(props: ImportPreviewDialogProps<Row>) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>();
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [status, setStatus] = useState<{ written?: number; error?: unknown }>({});
  const [busy, setBusy] = useState(false);
  const { testIds } = props;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({});
    try {
      const found = await props.read(file);
      setProblems(found.length ? await props.check(found) : []);
      setRows(found);
    } catch (error) {
      setStatus({ error });
    }
  };
  const onApply = async () => {
    if (!rows) return;
    setBusy(true);
    setStatus({});
    try {
      setStatus({ written: await props.apply(rows) });
      setRows(undefined);
    } catch (error) {
      setStatus({ error });
    } finally {
      setBusy(false);
    }
  };
  const badLines = new Set(problems.map((p) => p.line)).size;

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent data-testid={testIds.dialog}>
        <Stack spacing={2}>
          {props.help}
          {status.written !== undefined && (
            <Alert severity="success" data-testid={testIds.imported}>
              {props.imported(status.written)}
            </Alert>
          )}
          {status.error !== undefined && (
            <Alert severity="error">{errorMessage(t, status.error)}</Alert>
          )}
          <div>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
              {t(props.chooseLabel)}
              <input
                hidden
                type="file"
                accept={props.accept}
                onChange={onFile}
                data-testid={testIds.file}
              />
            </Button>
          </div>
          {rows && (
            <>
              <Alert severity={badLines ? 'error' : 'info'} data-testid={testIds.summary}>
                {props.summary(rows.length, badLines)}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('import.line')}</TableCell>
                      {props.columns.map((column) => (
                        <TableCell key={column.header} align={column.align}>
                          {column.header}
                        </TableCell>
                      ))}
                      <TableCell>{t('import.problems')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row, index) => {
                      const found = problems.filter((p) => p.line === index + 1);
                      return (
                        <TableRow
                          key={index}
                          data-line={index + 1}
                          data-valid={!found.length}
                          sx={found.length ? { bgcolor: 'error.50' } : undefined}
                        >
                          <TableCell>{index + 1}</TableCell>
                          {props.columns.map((column) => (
                            <TableCell key={column.header} align={column.align}>
                              {column.value(row)}
                            </TableCell>
                          ))}
                          <TableCell sx={{ color: 'error.main' }}>
                            {found.map((p) => p.text).join('; ')}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          disabled={!rows?.length || badLines > 0 || busy}
          onClick={() => void onApply()}
          data-testid={testIds.apply}
        >
          {t(props.applyLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

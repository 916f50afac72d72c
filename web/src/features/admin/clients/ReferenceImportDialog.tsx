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
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordKind } from '../../../api/cache.ts';
import { errorMessage } from '../../../api/errors.ts';
import { ImportReferenceDataDocument } from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import {
  readReferenceFile,
  REFERENCE_COLUMNS,
  type ReferenceKind,
  type ReferenceRow,
} from './reference-file.ts';

const TITLES: Record<ReferenceKind, string> = {
  clients: 'titles.clients',
  suppliers: 'titles.supplier',
  projects: 'titles.projects',
};

const READS: Record<ReferenceKind, RecordKind> = {
  clients: 'Company',
  suppliers: 'Company',
  projects: 'Project',
};

interface Problem {
  line: number;
  code: string;
  message: string;
}

/** The file's rows with the problems the database finds in each; then all rows at once, or none. */
export function ImportDialog(props: { kind: ReferenceKind; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useGraphQLMutation(ImportReferenceDataDocument, [READS[props.kind]]);
  const [rows, setRows] = useState<ReferenceRow[]>();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState<{ written?: number; error?: unknown }>({});
  const [busy, setBusy] = useState(false);
  const columns = REFERENCE_COLUMNS[props.kind].slice(0, 3);

  const check = async (found: ReferenceRow[], dryRun: boolean) => {
    const result = await run.mutateAsync({ kind: props.kind, rows: found, dryRun });
    return (result.importReferenceData?.result ?? []).flatMap((p) =>
      p?.line && p.code ? [{ line: p.line, code: p.code, message: p.message ?? '' }] : [],
    );
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({});
    try {
      const found = await readReferenceFile(props.kind, file);
      setProblems(found.length ? await check(found, true) : []);
      setRows(found);
    } catch (error) {
      setStatus({ error });
    }
  };
  const onApply = async () => {
    if (!rows) return;
    setBusy(true);
    try {
      await check(rows, false);
      setStatus({ written: rows.length });
      setRows(undefined);
    } catch (error) {
      setStatus({ error });
    } finally {
      setBusy(false);
    }
  };
  const problemText = (p: Problem) =>
    t(`errors.codes.${p.code}`, { defaultValue: p.message, dependents: '' });
  const badLines = new Set(problems.map((p) => p.line)).size;

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('referenceData.importTitle', { what: t(TITLES[props.kind]) })}</DialogTitle>
      <DialogContent data-testid="reference-import-dialog">
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('referenceData.importHelp')}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {REFERENCE_COLUMNS[props.kind].join(', ')}
          </Typography>
          {status.written !== undefined && (
            <Alert severity="success" data-testid="reference-imported">
              {t('referenceData.imported', { count: status.written })}
            </Alert>
          )}
          {status.error !== undefined && (
            <Alert severity="error">{errorMessage(t, status.error)}</Alert>
          )}
          <div>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
              {t('referenceData.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={onFile}
                data-testid="reference-file"
              />
            </Button>
          </div>
          {rows && (
            <>
              <Alert severity={badLines ? 'error' : 'info'} data-testid="reference-summary">
                {t('referenceData.rows', { count: rows.length })} ·{' '}
                {badLines ? t('errors.codes.ImportHasErrors') : t('referenceData.noProblems')}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('referenceData.line')}</TableCell>
                      {columns.map((column) => (
                        <TableCell key={column}>{column}</TableCell>
                      ))}
                      <TableCell>{t('referenceData.problems')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row, index) => {
                      const found = problems.filter((p) => p.line === index + 1);
                      return (
                        <TableRow key={index} data-line={index + 1} data-valid={!found.length}>
                          <TableCell>{index + 1}</TableCell>
                          {columns.map((column) => (
                            <TableCell key={column}>{row[column]}</TableCell>
                          ))}
                          <TableCell sx={{ color: 'error.main' }}>
                            {found.map(problemText).join('; ')}
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
          data-testid="reference-apply"
        >
          {t('referenceData.importAll')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

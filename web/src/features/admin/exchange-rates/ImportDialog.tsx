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
import { errorMessage } from '../../../api/errors.ts';
import { CheckExchangeRatesDocument, ImportExchangeRatesDocument } from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { api } from '../../../app/services.ts';
import { parseRatesCsv, type RateRow } from './csv.ts';

interface Problem {
  line: number;
  code: string;
}

/**
 * Import from CSV: the file's rows with the problems the database finds in each, then all rows
 * written at once, or none (import_exchange_rates).
 */
export function ImportDialog(props: { onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useGraphQLMutation(ImportExchangeRatesDocument, ['ExchangeRate']);
  const [rows, setRows] = useState<RateRow[]>();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [status, setStatus] = useState<{ written?: number; error?: unknown }>({});
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({});
    try {
      const parsed = parseRatesCsv(await file.text());
      const checked = await api.request(CheckExchangeRatesDocument, { rows: parsed });
      setProblems(
        (checked.checkExchangeRates?.nodes ?? []).flatMap((p) =>
          p?.line && p.code ? [{ line: p.line, code: p.code }] : [],
        ),
      );
      setRows(parsed);
    } catch (error) {
      setStatus({ error });
    }
  };
  const onApply = async () => {
    if (!rows) return;
    setBusy(true);
    setStatus({});
    try {
      const result = await apply.mutateAsync({ rows });
      setStatus({ written: result.importExchangeRates?.result ?? 0 });
      setRows(undefined);
    } catch (error) {
      setStatus({ error });
    } finally {
      setBusy(false);
    }
  };
  const problemsOf = (line: number) => problems.filter((p) => p.line === line);
  const badLines = new Set(problems.map((p) => p.line)).size;

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('exchangeRates.importTitle')}</DialogTitle>
      <DialogContent data-testid="rates-import">
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('exchangeRates.importHelp')}</Typography>
          {status.written !== undefined && (
            <Alert severity="success">
              {t('exchangeRates.imported', { count: status.written })}
            </Alert>
          )}
          {status.error !== undefined && (
            <Alert severity="error">{errorMessage(t, status.error)}</Alert>
          )}
          <div>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
              {t('exchangeRates.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={onFile}
                data-testid="rates-file"
              />
            </Button>
          </div>
          {rows && (
            <>
              <Alert severity={badLines ? 'error' : 'info'} data-testid="rates-summary">
                {badLines
                  ? t('exchangeRates.rowsWithErrors', { count: rows.length, bad: badLines })
                  : t('exchangeRates.rowsReady', { count: rows.length })}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('exchangeRates.line')}</TableCell>
                      <TableCell>{t('exchangeRates.currency')}</TableCell>
                      <TableCell>{t('exchangeRates.rateDate')}</TableCell>
                      <TableCell align="right">{t('exchangeRates.usdPerUnit')}</TableCell>
                      <TableCell>{t('exchangeRates.problems')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((row, index) => {
                      const found = problemsOf(index + 1);
                      return (
                        <TableRow
                          key={index}
                          data-line={index + 1}
                          data-valid={!found.length}
                          sx={found.length ? { bgcolor: 'error.50' } : undefined}
                        >
                          <TableCell>{index + 1}</TableCell>
                          <TableCell>{row.currency}</TableCell>
                          <TableCell>{row.rateDate}</TableCell>
                          <TableCell align="right">{row.usdPerUnit}</TableCell>
                          <TableCell sx={{ color: 'error.main' }}>
                            {found.map((p) => t(`exchangeRates.problem.${p.code}`)).join('; ')}
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
          data-testid="rates-apply"
        >
          {t('exchangeRates.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

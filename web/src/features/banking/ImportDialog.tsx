import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import {
  EMPTY_MAPPING,
  importStatement,
  mappingOf,
  STATEMENT_FORMATS,
  type CsvMapping,
  type StatementFormat,
} from './statement-import.ts';

const COLUMNS = [
  'bookingDate',
  'valueDate',
  'amount',
  'counterpartyName',
  'counterpartyIban',
  'remittance',
  'reference',
  'balance',
] as const;

/**
 * Uploads a statement for a bank account: camt.053, MT940, or CSV read with the column mapping
 * saved on the account (shown here to change; the import saves it).
 */
export function ImportDialog(props: {
  open: boolean;
  bankAccountId: string;
  savedMapping: unknown;
  onClose: () => void;
  onImported: (statementId: string, lineCount: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<StatementFormat>('camt053');
  const [file, setFile] = useState<File>();
  const [mapping, setMapping] = useState<CsvMapping>(EMPTY_MAPPING);
  const [statementId, setStatementId] = useState('');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setFile(undefined);
    setFailure(undefined);
    setMapping(mappingOf(props.savedMapping));
    setStatementId('');
    setOpening('');
    setClosing('');
  }, [props.open, props.savedMapping]);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await importStatement({
        bankAccountId: props.bankAccountId,
        format,
        file,
        mapping,
        statementId: statementId.trim() || undefined,
        openingBalance: opening.trim() || undefined,
        closingBalance: closing.trim() || undefined,
      });
      await queryClient.invalidateQueries();
      props.onImported(result.statementId, result.lineCount);
      props.onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('banking.importTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="import-dialog">
          {failure !== undefined && (
            <Alert severity="error" data-testid="import-error">
              {errorMessage(t, failure)}
            </Alert>
          )}
          <TextField
            select
            label={t('banking.format')}
            value={format}
            onChange={(e) => setFormat(e.target.value as StatementFormat)}
            slotProps={{ htmlInput: { 'data-testid': 'format' } }}
          >
            {STATEMENT_FORMATS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`banking.formats.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" component="label">
            {file ? file.name : t('banking.chooseFile')}
            <input
              hidden
              type="file"
              data-testid="statement-file"
              accept=".xml,.sta,.mt940,.txt,.csv"
              onChange={(e) => setFile(e.target.files?.[0])}
            />
          </Button>
          {format === 'csv' && (
            <>
              <Typography variant="subtitle2">{t('banking.csvMapping')}</Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    select
                    fullWidth
                    label={t('banking.delimiter')}
                    value={mapping.delimiter}
                    onChange={(e) => setMapping({ ...mapping, delimiter: e.target.value })}
                  >
                    {[',', ';', '\t', '|'].map((value) => (
                      <MenuItem key={value} value={value}>
                        {value === '\t' ? 'Tab' : value}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    select
                    fullWidth
                    label={t('banking.decimalSeparator')}
                    value={mapping.decimalSeparator}
                    onChange={(e) => setMapping({ ...mapping, decimalSeparator: e.target.value })}
                  >
                    {['.', ','].map((value) => (
                      <MenuItem key={value} value={value}>
                        {value}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    select
                    fullWidth
                    label={t('banking.dateFormat')}
                    value={mapping.dateFormat}
                    onChange={(e) => setMapping({ ...mapping, dateFormat: e.target.value })}
                  >
                    {['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'].map((value) => (
                      <MenuItem key={value} value={value}>
                        {value}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                {COLUMNS.map((column) => (
                  <Grid size={{ xs: 3 }} key={column}>
                    <TextField
                      fullWidth
                      size="small"
                      label={t(`banking.columns.${column}`)}
                      value={mapping[column]}
                      onChange={(e) => setMapping({ ...mapping, [column]: e.target.value })}
                      slotProps={{ htmlInput: { 'data-testid': `column-${column}` } }}
                    />
                  </Grid>
                ))}
                <Grid size={{ xs: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('banking.statementId')}
                    value={statementId}
                    onChange={(e) => setStatementId(e.target.value)}
                  />
                </Grid>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('banking.openingBalance')}
                    value={opening}
                    onChange={(e) => setOpening(e.target.value)}
                  />
                </Grid>
                <Grid size={{ xs: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('banking.closingBalance')}
                    value={closing}
                    onChange={(e) => setClosing(e.target.value)}
                  />
                </Grid>
              </Grid>
              <Typography variant="body2" color="text.secondary">
                {t('banking.csvHelp')}
              </Typography>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || busy}
          onClick={() => void submit()}
          data-testid="import-submit"
        >
          {t('banking.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

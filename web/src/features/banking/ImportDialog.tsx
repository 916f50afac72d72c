import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
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
import { CsvMappingFields, type CsvStatement } from './CsvMappingFields.tsx';

const NO_STATEMENT: CsvStatement = { statementId: '', opening: '', closing: '' };

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
  const [statement, setStatement] = useState<CsvStatement>(NO_STATEMENT);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setFile(undefined);
    setFailure(undefined);
    setMapping(mappingOf(props.savedMapping));
    setStatement(NO_STATEMENT);
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
        statementId: statement.statementId.trim() || undefined,
        openingBalance: statement.opening.trim() || undefined,
        closingBalance: statement.closing.trim() || undefined,
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
            <CsvMappingFields
              mapping={mapping}
              onMapping={setMapping}
              statement={statement}
              onStatement={setStatement}
            />
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

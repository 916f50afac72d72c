import { Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EMPTY_MAPPING, type CsvMapping } from './statement-import.ts';

/** How the file is written: a choice of a few values each. */
const CHOICES = {
  delimiter: { label: 'banking.delimiter', values: [',', ';', '\t', '|'] },
  decimalSeparator: { label: 'banking.decimalSeparator', values: ['.', ','] },
  dateFormat: {
    label: 'banking.dateFormat',
    values: ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'],
  },
} as const;

type Choice = keyof typeof CHOICES;
type ColumnName = Exclude<keyof CsvMapping, Choice>;
/** The CSV file's columns, by the names in its header row: the rest of the mapping. */
const COLUMNS = (Object.keys(EMPTY_MAPPING) as (keyof CsvMapping)[]).filter(
  (name): name is ColumnName => !(name in CHOICES),
);

/** What a CSV file does not say itself: its id and balances (optional). */
export interface CsvStatement {
  statementId: string;
  opening: string;
  closing: string;
}

const STATEMENT_LABELS: Record<keyof CsvStatement, string> = {
  statementId: 'banking.statementId',
  opening: 'banking.openingBalance',
  closing: 'banking.closingBalance',
};

/** A CSV statement's column mapping (kept on the account) and the statement's own figures. */
export function CsvMappingFields(props: {
  mapping: CsvMapping;
  onMapping: (mapping: CsvMapping) => void;
  statement: CsvStatement;
  onStatement: (statement: CsvStatement) => void;
}) {
  const { t } = useTranslation();
  const { mapping, statement } = props;
  return (
    <>
      <Typography variant="subtitle2">{t('banking.csvMapping')}</Typography>
      <Grid container spacing={2}>
        {(Object.keys(CHOICES) as Choice[]).map((name) => (
          <Grid size={{ xs: 4 }} key={name}>
            <TextField
              select
              fullWidth
              label={t(CHOICES[name].label)}
              value={mapping[name]}
              onChange={(e) => props.onMapping({ ...mapping, [name]: e.target.value })}
            >
              {CHOICES[name].values.map((value) => (
                <MenuItem key={value} value={value}>
                  {value === '\t' ? 'Tab' : value}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        ))}
        {/* Three a row: "Остаток после операции" fits its field. */}
        {COLUMNS.map((column) => (
          <Grid size={{ xs: 4 }} key={column}>
            <TextField
              fullWidth
              size="small"
              label={t(`banking.columns.${column}`)}
              value={mapping[column]}
              onChange={(e) => props.onMapping({ ...mapping, [column]: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': `column-${column}` } }}
            />
          </Grid>
        ))}
        {(Object.keys(STATEMENT_LABELS) as (keyof CsvStatement)[]).map((name) => (
          <Grid size={{ xs: 4 }} key={name}>
            <TextField
              fullWidth
              size="small"
              label={t(STATEMENT_LABELS[name])}
              value={statement[name]}
              onChange={(e) => props.onStatement({ ...statement, [name]: e.target.value })}
            />
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary">
        {t('banking.csvHelp')}
      </Typography>
    </>
  );
}

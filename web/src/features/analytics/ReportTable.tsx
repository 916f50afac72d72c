import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../components/format.ts';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  kind: 'text' | 'usd' | 'percent';
  value: (row: Row) => string | null | undefined;
}

/** Percent from an exact decimal string, in the locale's format. */
export function formatPercent(value: string | null | undefined, language: string): string {
  return value == null || value === '' ? '—' : `${formatMoney(value, language)} %`;
}

/** A small report table: text left, USD and % right-aligned from exact strings, a total row. */
export function ReportTable<Row>(props: {
  columns: ReportColumn<Row>[];
  rows: Row[];
  total?: Row;
  testId: string;
  rowKey: (row: Row, index: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const cell = (column: ReportColumn<Row>, row: Row) => {
    const value = column.value(row);
    if (column.kind === 'usd') return formatMoney(value ?? '0', i18n.language);
    if (column.kind === 'percent') return formatPercent(value, i18n.language);
    return value ?? '';
  };
  const negative = (column: ReportColumn<Row>, row: Row) =>
    column.kind !== 'text' && (column.value(row) ?? '').startsWith('-');
  if (props.rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('analytics.noData')}
      </Typography>
    );
  return (
    <Table size="small" data-testid={props.testId}>
      <TableHead>
        <TableRow>
          {props.columns.map((column) => (
            <TableCell key={column.key} align={column.kind === 'text' ? 'left' : 'right'}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row, index) => (
          <TableRow key={props.rowKey(row, index)} hover>
            {props.columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.kind === 'text' ? 'left' : 'right'}
                data-column={column.key}
                sx={{
                  whiteSpace: 'nowrap',
                  fontVariantNumeric: 'tabular-nums',
                  color: negative(column, row) ? 'error.main' : undefined,
                }}
              >
                {cell(column, row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {props.total && (
          <TableRow data-testid={`${props.testId}-total`}>
            {props.columns.map((column, index) => (
              <TableCell
                key={column.key}
                align={column.kind === 'text' ? 'left' : 'right'}
                data-column={column.key}
                sx={{
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                  fontVariantNumeric: 'tabular-nums',
                  borderBottom: 0,
                  color: negative(column, props.total!) ? 'error.main' : undefined,
                }}
              >
                {index === 0 ? t('table.total') : cell(column, props.total!)}
              </TableCell>
            ))}
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

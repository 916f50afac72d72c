import { Check } from '@mui/icons-material';
import {
  Button,
  Link as MuiLink,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  AcceptHighConfidenceMatchesDocument,
  BankStatementsDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { fileUrl } from '../../api/storage.ts';
import { formatDate, formatMoney } from '../../components/format.ts';

const NUMBER = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The statements imported for an account: reference (the file to download), format, period,
 * balances and line count; a statement's sure matches are accepted at once.
 */
export function StatementsTable(props: {
  accountId: string | undefined;
  /** Runs an action, showing its refusal on the page. */
  run: (work: () => Promise<unknown>) => Promise<void>;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const statements = useGraphQLQuery(
    BankStatementsDocument,
    { bankAccountId: props.accountId ?? '' },
    { reads: ['Payment'] },
    { enabled: Boolean(props.accountId) },
  );
  const acceptHigh = useGraphQLMutation(AcceptHighConfidenceMatchesDocument, [
    'Payment',
    'Invoice',
    'Bill',
  ]);
  const accept = (statementId: string) =>
    void props.run(async () => {
      const result = await acceptHigh.mutateAsync({ statementId });
      const count = result.acceptHighConfidenceMatches?.result?.length ?? 0;
      props.onDone(t('banking.acceptedHigh', { count }));
    });
  const rows = (statements.data?.allBankStatements?.nodes ?? []).flatMap((s) => (s ? [s] : []));
  return (
    <Paper variant="outlined" sx={{ mb: 3 }}>
      <Table size="small" data-testid="statements">
        <TableHead>
          <TableRow>
            <TableCell>{t('banking.statement')}</TableCell>
            <TableCell>{t('banking.format')}</TableCell>
            <TableCell>{t('resources.costs.fields.period')}</TableCell>
            <TableCell align="right">{t('banking.openingBalance')}</TableCell>
            <TableCell align="right">{t('banking.closingBalance')}</TableCell>
            <TableCell align="right">{t('banking.lines')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.id} data-testid={`statement-${s.format}`}>
              <TableCell>
                {s.fileId ? (
                  <MuiLink href={fileUrl(s.fileId, 'download')}>{s.statementRef}</MuiLink>
                ) : (
                  s.statementRef
                )}
              </TableCell>
              <TableCell>{t(`banking.formats.${s.format}`)}</TableCell>
              <TableCell>
                {formatDate(s.fromDate, language)} – {formatDate(s.toDate, language)}
              </TableCell>
              <TableCell align="right" sx={NUMBER}>
                {formatMoney(s.openingBalance, language, s.currency ?? undefined)}
              </TableCell>
              <TableCell align="right" sx={NUMBER}>
                {formatMoney(s.closingBalance, language, s.currency ?? undefined)}
              </TableCell>
              <TableCell align="right">{s.lineCount}</TableCell>
              <TableCell align="right">
                {s.availableActions?.includes('accept_high_confidence') && (
                  <Button
                    size="small"
                    startIcon={<Check />}
                    data-testid="accept-high"
                    onClick={() => accept(s.id)}
                  >
                    {t('banking.acceptHigh')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

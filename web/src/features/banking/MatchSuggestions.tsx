import {
  Checkbox,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../components/format.ts';

/** An open invoice or bill a statement line may pay, and why it was proposed. */
export interface MatchSuggestion {
  kind?: string | null;
  invoiceId?: number | null;
  billId?: number | null;
  number?: string | null;
  partyName?: string | null;
  dueDate?: string | null;
  remaining?: string | null;
  currency?: string | null;
  confidence?: string | null;
  amountMatches?: boolean | null;
  numberMatches?: boolean | null;
  partyMatches?: boolean | null;
}

/** The key of a suggestion among the chosen ones: its invoice or bill. */
export const keyOf = (s: { invoiceId?: number | null; billId?: number | null }) =>
  s.invoiceId ? `i${s.invoiceId}` : `b${s.billId}`;

/**
 * The suggestions of a line, best first: each may be ticked, and a ticked one shows the amount to
 * pay (chosen: the amounts by key).
 */
export function MatchSuggestions(props: {
  suggestions: MatchSuggestion[];
  chosen: Record<string, string>;
  onToggle: (key: string, remaining: string) => void;
  onAmount: (key: string, amount: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Table size="small" data-testid="suggestions">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>{t('banking.record')}</TableCell>
          <TableCell>{t('banking.party')}</TableCell>
          <TableCell>{t('banking.dueDate')}</TableCell>
          <TableCell align="right">{t('banking.remaining')}</TableCell>
          <TableCell>{t('banking.why')}</TableCell>
          <TableCell align="right">{t('banking.amountToPay')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.suggestions.map((s) => {
          const key = keyOf(s);
          return (
            <TableRow key={key} data-testid={`suggestion-${s.number ?? key}`}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={key in props.chosen}
                  onChange={() => props.onToggle(key, s.remaining ?? '0')}
                  slotProps={{
                    input: { 'aria-label': s.number ?? key } as object,
                  }}
                />
              </TableCell>
              <TableCell>
                {t(s.kind === 'invoice' ? 'banking.invoice' : 'banking.bill')} {s.number}
              </TableCell>
              <TableCell>{s.partyName}</TableCell>
              <TableCell>{formatDate(s.dueDate, language)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(s.remaining, language, s.currency ?? undefined)}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  <Chip
                    size="small"
                    color={s.confidence === 'high' ? 'success' : 'default'}
                    label={t(`banking.confidence.${s.confidence}`)}
                  />
                  {s.amountMatches && (
                    <Chip size="small" variant="outlined" label={t('banking.byAmount')} />
                  )}
                  {s.numberMatches && (
                    <Chip size="small" variant="outlined" label={t('banking.byNumber')} />
                  )}
                  {s.partyMatches && (
                    <Chip size="small" variant="outlined" label={t('banking.byParty')} />
                  )}
                </Stack>
              </TableCell>
              <TableCell align="right" sx={{ width: 160 }}>
                {key in props.chosen && (
                  <TextField
                    size="small"
                    value={props.chosen[key]}
                    onChange={(e) => props.onAmount(key, e.target.value)}
                    slotProps={{
                      htmlInput: {
                        'data-testid': `amount-${s.number ?? key}`,
                        'aria-label': t('banking.amountToPay'),
                        style: { textAlign: 'right' },
                      },
                    }}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AcceptBankMatchDocument,
  BankLineDetailsDocument,
  FindBankLineRecordsDocument,
  LinkBankLinePaymentDocument,
} from '../../api/generated.ts';
import { errorMessage } from '../../api/errors.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { formatDate, formatMoney } from '../../components/format.ts';
import { keyOf, MatchSuggestions } from './MatchSuggestions.tsx';
import { RecordedPayments } from './RecordedPayments.tsx';

/**
 * Matches a statement line: its suggestions, best first; tick one or several (a split) and set
 * each amount (what is left of the line or of the record, the smaller). Accepting creates the
 * payments in one transaction on the server.
 */
export function MatchDialog(props: { lineId: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const details = useGraphQLQuery(
    BankLineDetailsDocument,
    { id: props.lineId ?? '' },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    { enabled: Boolean(props.lineId) },
  );
  const accept = useGraphQLMutation(AcceptBankMatchDocument, ['Payment', 'Invoice', 'Bill']);
  const link = useGraphQLMutation(LinkBankLinePaymentDocument, ['Payment']);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const searched = useGraphQLQuery(
    FindBankLineRecordsDocument,
    { id: props.lineId ?? '', search },
    { reads: ['Payment', 'Invoice', 'Bill'] },
    { enabled: Boolean(props.lineId) && search.length >= 2 },
  );
  const [failure, setFailure] = useState<unknown>();
  useEffect(() => {
    setChosen({});
    setFailure(undefined);
    setTyped('');
    setSearch('');
  }, [props.lineId]);
  const line = details.data?.bankStatementLineById;
  const proposed = (line?.suggestions.nodes ?? []).flatMap((s) => (s ? [s] : []));
  // The records found by a search join the suggestions (chosen ones stay while searching again).
  const foundRecords = (searched.data?.bankStatementLineById?.findRecords.nodes ?? []).flatMap(
    (s) => (s ? [s] : []),
  );
  const suggestions = [
    ...proposed,
    ...foundRecords.filter((f) => !proposed.some((p) => keyOf(p) === keyOf(f))),
  ];
  const recorded = (line?.paymentCandidates.nodes ?? []).flatMap((p) => (p ? [p] : []));
  const linkPayment = async (paymentId: string) => {
    setFailure(undefined);
    try {
      await link.mutateAsync({ lineId: props.lineId!, paymentId });
      props.onClose();
    } catch (error) {
      setFailure(error);
    }
  };
  const left = line ? new Decimal(line.amount).abs().minus(line.matchedAmount) : new Decimal(0);
  const total = Object.values(chosen).reduce(
    (sum, value) => (/^\d+(\.\d{1,2})?$/.test(value) ? sum.plus(value) : sum),
    new Decimal(0),
  );
  const toggle = (key: string, remaining: string) => {
    if (key in chosen) {
      setChosen(Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== key)));
      return;
    }
    const room = Decimal.max(left.minus(total), 0);
    setChosen({ ...chosen, [key]: Decimal.min(room, remaining).toFixed(2) });
  };

  const submit = async () => {
    setFailure(undefined);
    try {
      await accept.mutateAsync({
        lineId: props.lineId!,
        allocations: suggestions
          .filter((s) => keyOf(s) in chosen)
          .map((s) => ({
            invoiceId: s.invoiceId ?? null,
            billId: s.billId ?? null,
            amount: chosen[keyOf(s)]!,
          })),
      });
      props.onClose();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Dialog open={Boolean(props.lineId)} onClose={props.onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('banking.matchTitle')}</DialogTitle>
      <DialogContent data-testid="match-dialog">
        {details.isPending && <LinearProgress aria-label={t('table.loading')} />}
        {line && (
          <Stack spacing={2}>
            <Box>
              <Typography>
                {[formatDate(line.valueDate, language), line.counterpartyName]
                  .filter(Boolean)
                  .join(' · ')}
                {' · '}
                <strong>{formatMoney(line.amount, language, line.currency)}</strong>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {line.remittance}
              </Typography>
              <Typography variant="body2" data-testid="left-to-match">
                {t('banking.leftToMatch', {
                  amount: formatMoney(left.minus(total).toFixed(2), language, line.currency),
                })}
              </Typography>
            </Box>
            {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
            <TextField
              size="small"
              label={t('banking.findRecord')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && setSearch(typed.trim())}
              onBlur={() => setSearch(typed.trim())}
              slotProps={{ htmlInput: { 'data-testid': 'find-record' } }}
              sx={{ maxWidth: 420 }}
            />
            {suggestions.length === 0 ? (
              <Typography color="text.secondary">{t('banking.noSuggestions')}</Typography>
            ) : (
              <MatchSuggestions
                suggestions={suggestions}
                chosen={chosen}
                onToggle={toggle}
                onAmount={(key, amount) => setChosen({ ...chosen, [key]: amount })}
              />
            )}
            {recorded.length > 0 && (
              <RecordedPayments payments={recorded} onLink={(id) => void linkPayment(id)} />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="accept-match"
          disabled={Object.keys(chosen).length === 0 || accept.isPending}
          onClick={() => void submit()}
        >
          {t('banking.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

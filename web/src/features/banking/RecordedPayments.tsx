import { Box, Button, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../components/format.ts';

/** Payments already recorded that a statement line may be linked to instead of a new payment. */
export function RecordedPayments(props: {
  payments: {
    id: string;
    paymentDate: string;
    reference?: string | null;
    amount: string;
    currency: string;
  }[];
  onLink: (paymentId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Box data-testid="recorded-payments">
      <Typography variant="subtitle2" gutterBottom>
        {t('banking.recordedPayments')}
      </Typography>
      <Table size="small">
        <TableBody>
          {props.payments.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{formatDate(p.paymentDate, language)}</TableCell>
              <TableCell>{p.reference ?? ''}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(p.amount, language, p.currency)}
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => props.onLink(p.id)}>
                  {t('subsidiaries.link')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

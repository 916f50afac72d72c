import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BankLinesToMatchDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';

/**
 * Home: "N statement lines to match", for an account that may match them (the count is null for
 * one that may not, and nothing is shown).
 */
export function BankLinesToMatchCard() {
  const { t } = useTranslation();
  const query = useGraphQLQuery(BankLinesToMatchDocument, {}, { reads: ['Payment'] });
  const count = query.data?.bankLinesToMatchCount;
  if (count == null || count === 0) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="home-bank-lines"
      action={
        <Button component={Link} to="/banking" color="inherit" size="small">
          {t('banking.openQueue')}
        </Button>
      }
    >
      {t('banking.linesToMatch', { count })}
    </Alert>
  );
}

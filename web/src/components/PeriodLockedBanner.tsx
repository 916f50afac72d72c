import { Lock } from '@mui/icons-material';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from './format.ts';

/**
 * Shown on an invoice, cost or bill dated in a closed period (docs/permissions.md, period lock):
 * its subsidiary's books are closed through `lockedThrough`, so nothing about it can change.
 */
export function PeriodLockedBanner(props: {
  lockedThrough: string | null | undefined;
  subsidiary: string;
}) {
  const { t, i18n } = useTranslation();
  if (!props.lockedThrough) return null;
  return (
    <Alert
      severity="info"
      icon={<Lock fontSize="inherit" />}
      sx={{ mb: 2 }}
      data-testid="period-locked-banner"
    >
      {t('controls.lockedBanner', {
        subsidiary: props.subsidiary,
        date: formatDate(props.lockedThrough, i18n.language),
      })}
    </Alert>
  );
}

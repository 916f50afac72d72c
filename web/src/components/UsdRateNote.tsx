import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate } from './format.ts';

/** Which exchange rate a record's USD amounts use (its date), under the amounts it explains. */
export function UsdRateNote(props: { date: string | null | undefined; currency: string }) {
  const { t, i18n } = useTranslation();
  if (props.currency === 'USD') return null;
  return (
    <Typography variant="caption" color="text.secondary" data-testid="usd-rate-date">
      {props.date
        ? t('common.usdRate', {
            currency: props.currency,
            date: formatDate(props.date, i18n.language),
          })
        : t('common.usdRateMissing', { currency: props.currency })}
    </Typography>
  );
}

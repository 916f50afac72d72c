import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Where a route the account may not open leads (SPEC §2, §6). */
export default function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4 }} data-testid="no-access">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('titles.accessDenied')}
      </Typography>
      <Typography>{t('noAccess.text')}</Typography>
    </Box>
  );
}

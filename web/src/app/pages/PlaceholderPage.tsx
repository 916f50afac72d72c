import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useContext } from 'react';
import { RouteTitle } from '../guards.tsx';

/** A screen whose feature is not built yet: the routing, guard and title are real. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const title = useContext(RouteTitle);
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" data-testid="page-title">
        {t(title)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('placeholder.text')}
      </Typography>
    </Box>
  );
}

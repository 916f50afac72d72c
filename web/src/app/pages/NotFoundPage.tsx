import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from '../guards.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useTitle('titles.notFound');
  return (
    <Box sx={{ p: 4 }} data-testid="not-found">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.heading')}
      </Typography>
      <Typography gutterBottom>{t('notFound.text')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t('common.goHome')}
      </Button>
    </Box>
  );
}

import { ArrowBack } from '@mui/icons-material';
import { IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A sub-page's title (an edit or files page of a record) with the way back to the record. */
export function PageTitle(props: { title: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <IconButton component={RouterLink} to={props.back.to} aria-label={t(props.back.label)}>
        <ArrowBack />
      </IconButton>
      <Typography variant="h5" component="h1">
        {props.title}
      </Typography>
    </Stack>
  );
}

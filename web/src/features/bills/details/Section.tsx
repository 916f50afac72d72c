import { Grid, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled block of the bill page, with an optional action beside the title. */
export function Section(props: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid={props.testId}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t(props.title)}
        </Typography>
        {props.action}
      </Stack>
      {props.children}
    </Paper>
  );
}

/** One labelled value of the details grid; empty shows a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {t(label)}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Grid>
  );
}

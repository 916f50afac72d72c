import { Box, Card, CardContent, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of the report, with an optional action (export) on the title's right. */
export function ReportSection(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {props.title}
          </Typography>
          {props.action}
        </Box>
        {props.children}
      </CardContent>
    </Card>
  );
}

/** One headline figure of the report (a total), red when negative. */
export function ReportFigure(props: {
  label: string;
  value: string;
  testId: string;
  negative?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 200 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        data-testid={props.testId}
        sx={{
          fontVariantNumeric: 'tabular-nums',
          color: props.negative ? 'error.main' : undefined,
        }}
      >
        {props.value}
      </Typography>
    </Paper>
  );
}

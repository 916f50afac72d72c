import { Box, Button, Stack, Typography } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function isChunkError(error: unknown): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    String((error as Error)?.message ?? error),
  );
}

/** "Something went wrong", with go back and retry; a failed screen chunk is a preload error. */
function Fallback({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const preload = isChunkError(error);
  return (
    <Box sx={{ p: 4 }} role="alert" data-testid="error-state">
      <Typography variant="h5" gutterBottom>
        {preload ? t('errors.preload') : t('errors.generic')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => window.history.back()}>
          {t('common.goBack')}
        </Button>
        <Button variant="contained" onClick={() => (preload ? window.location.reload() : retry())}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Box>
  );
}

interface State {
  error: unknown;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(isChunkError(error) ? 'Preload error' : 'Screen error', error);
  }

  override render() {
    if (this.state.error !== undefined) {
      return (
        <Fallback error={this.state.error} retry={() => this.setState({ error: undefined })} />
      );
    }
    return this.props.children;
  }
}

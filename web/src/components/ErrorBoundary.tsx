import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../app/entry.css';

function isChunkError(error: unknown): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    String((error as Error)?.message ?? error),
  );
}

/** "Something went wrong", with go back and retry; a failed screen chunk is a preload error. */
function Fallback({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const preload = isChunkError(error);
  // Plain elements (entry.css): this boundary also guards the sign-in page, before MUI loads.
  return (
    <div className="ll-error" role="alert" data-testid="error-state">
      <h1>{preload ? t('errors.preload') : t('errors.generic')}</h1>
      <div className="ll-error-actions">
        <button type="button" className="ll-button" onClick={() => window.history.back()}>
          {t('common.goBack')}
        </button>
        <button
          type="button"
          className="ll-submit"
          onClick={() => (preload ? window.location.reload() : retry())}
        >
          {t('common.retry')}
        </button>
      </div>
    </div>
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

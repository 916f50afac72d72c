import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';

/** What a profile or password form last did: its success text, or the refusal translated. */
export type FormStatus = { ok?: string; error?: unknown };

export function FormStatusAlert({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  if (status.ok)
    return (
      <Alert severity="success" data-testid="form-saved">
        {t(status.ok)}
      </Alert>
    );
  if (status.error === undefined) return null;
  return (
    <Alert severity="error">
      {status.error instanceof ApiError && status.error.code === 'invalid_password'
        ? t('settings.currentPasswordInvalid')
        : errorMessage(t, status.error)}
    </Alert>
  );
}

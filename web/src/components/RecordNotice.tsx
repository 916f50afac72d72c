import { Alert, Snackbar } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors.ts';

type Notice = { severity: 'success' | 'error'; text: string };

/**
 * How a record page says what an action did: "done" as a success toast, a refusal as an error
 * toast with its translated message (SPEC §8). `element` goes once on the page.
 */
export function useRecordNotice(testId: string) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice>();
  const report = {
    onFailure: (error: unknown) => setNotice({ severity: 'error', text: errorMessage(t, error) }),
    onDone: (text: string) => setNotice({ severity: 'success', text }),
  };
  const element = (
    <Snackbar open={Boolean(notice)} autoHideDuration={8000} onClose={() => setNotice(undefined)}>
      {notice ? (
        <Alert severity={notice.severity} onClose={() => setNotice(undefined)} data-testid={testId}>
          {notice.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return { report, element };
}

export type RecordReport = ReturnType<typeof useRecordNotice>['report'];

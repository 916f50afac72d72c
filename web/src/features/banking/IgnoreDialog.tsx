import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Not a payment": a statement line set aside with a note saying what it is (a bank fee). */
export function IgnoreDialog(props: { onClose: () => void; onSubmit: (note: string) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Paper
      elevation={8}
      sx={{ position: 'fixed', right: 24, bottom: 24, p: 2, width: 420, zIndex: 1300 }}
      data-testid="ignore-dialog"
      role="dialog"
      aria-label={t('banking.notAPayment')}
    >
      <Typography variant="subtitle1" gutterBottom>
        {t('banking.notAPayment')}
      </Typography>
      <TextField
        fullWidth
        autoFocus
        size="small"
        label={t('banking.note')}
        helperText={t('banking.noteHelp')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'ignore-note' } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="ignore-submit"
          disabled={!note.trim()}
          onClick={() => props.onSubmit(note)}
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onClose: () => void;
  /** i18n key of the confirming button; Delete by default. */
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onClose}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={props.onConfirm} data-testid="confirm">
          {t(props.confirmLabel ?? 'common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

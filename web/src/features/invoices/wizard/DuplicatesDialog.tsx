import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as MuiLink,
  Typography,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../components/format.ts';
import type { Duplicate } from './invoice-wizard-model.ts';

/** The likely duplicates found before saving: go back, or save anyway (unless one is paid). */
export function DuplicatesDialog(props: {
  duplicates: Duplicate[] | undefined;
  invoiceRef: string;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The same supplier and number as a live paid invoice: the database refuses it
  // (DuplicateInvoice), so it is said here at once and not offered.
  const number = props.invoiceRef.trim().toLowerCase();
  const paid = (props.duplicates ?? []).find(
    (invoice) =>
      invoice.status === 'paid' &&
      !invoice.isDeleted &&
      invoice.invoiceRef.trim().toLowerCase() === number,
  );
  return (
    <Dialog open={Boolean(props.duplicates)} onClose={props.onBack} maxWidth="sm" fullWidth>
      <DialogTitle>{t('invoiceWizard.duplicatesTitle')}</DialogTitle>
      <DialogContent data-testid="duplicates-dialog">
        {paid && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="paid-duplicate">
            {t('errors.codes.DuplicateInvoice', {
              invoiceRef: paid.invoiceRef,
              invoiceDate: formatDate(paid.invoiceDate, i18n.language),
              invoiceId: paid.id,
            })}
          </Alert>
        )}
        <Typography variant="body2">{t('invoiceWizard.duplicatesText')}</Typography>
        <List dense>
          {(props.duplicates ?? []).map((invoice) => (
            <ListItem key={invoice.id} disableGutters>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={`/invoices/${invoice.id}`} target="_blank">
                    {t('invoiceWizard.duplicate', {
                      id: invoice.id,
                      ref: invoice.invoiceRef,
                    })}
                  </MuiLink>
                }
                secondary={[
                  formatDate(invoice.invoiceDate, i18n.language),
                  formatMoney(invoice.amountWVat, i18n.language, invoice.currency),
                  t(`statuses.${invoice.status}`),
                  invoice.isDeleted ? t('invoiceWizard.archived') : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onBack} data-testid="duplicates-back">
          {t('invoiceWizard.duplicatesBack')}
        </Button>
        {!paid && (
          <Button variant="contained" onClick={props.onContinue} data-testid="duplicates-continue">
            {t('invoiceWizard.duplicatesContinue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

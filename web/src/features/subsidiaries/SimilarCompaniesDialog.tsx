import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Similar } from './subsidiary-wizard.ts';

/** Companies with a similar name: cancel the creation, or continue with it (SPEC §5). */
export function SimilarCompaniesDialog(props: {
  similar: Similar[] | undefined;
  onClose: () => void;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.similar !== undefined} onClose={props.onClose}>
      <DialogTitle>{t('subsidiaries.similar.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('subsidiaries.similar.text')}</DialogContentText>
        <List dense data-testid="similar-companies">
          {(props.similar ?? []).map((company) => (
            <ListItem key={`${company.type}-${company.id}`}>
              <ListItemText
                primary={company.legalName}
                secondary={t(`subsidiaries.similar.kinds.${company.type}`, {
                  defaultValue: company.type,
                })}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} data-testid="similar-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={props.onContinue} data-testid="similar-continue">
          {t('subsidiaries.similar.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

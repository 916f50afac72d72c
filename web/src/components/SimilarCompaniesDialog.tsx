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

/** A company the database finds like the new one (a similar name or the same tax id). */
export interface SimilarCompany {
  id: string | null;
  type: string | null;
  legalName: string | null;
  shortName?: string | null;
}

/**
 * SPEC §5 "Creating a company checks for a similar existing record and asks for confirmation":
 * the similar companies, each with its kind; cancel, or create anyway. Open while `similar` is set.
 */
export function SimilarCompaniesDialog(props: {
  similar: SimilarCompany[] | undefined;
  /** i18n key of the question (what is about to be created). */
  question: string;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.similar !== undefined} onClose={props.onCancel}>
      <DialogTitle>{t('clients.similarTitle')}</DialogTitle>
      <DialogContent data-testid="similar-companies">
        <DialogContentText>{t(props.question)}</DialogContentText>
        <List dense>
          {props.similar?.map((company) => (
            <ListItem key={`${company.type}-${company.id}`} disableGutters>
              <ListItemText
                primary={company.legalName}
                secondary={[t(`clients.companyType.${company.type ?? 'client'}`), company.shortName]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} data-testid="similar-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={props.onContinue} data-testid="similar-confirm">
          {t('clients.createAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

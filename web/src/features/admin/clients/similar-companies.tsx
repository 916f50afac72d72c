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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import {
  SimilarCompaniesBeforeCreateDocument,
  type SimilarCompaniesBeforeCreateQuery,
} from '../../../api/generated.ts';
import { api } from '../../../app/services.ts';

type Company = NonNullable<
  NonNullable<SimilarCompaniesBeforeCreateQuery['similarCompanies']>['nodes'][number]
>;

/**
 * SPEC §5 "Creating a company checks for a similar existing record and asks for confirmation":
 * `confirmCreation(name, taxId)` (a similar name or the same tax id) resolves when there is none or the user goes on, and rejects with
 * "Company creation canceled" when the user cancels. Render `dialog` once in the page.
 */
export function useSimilarCompanyCheck() {
  const { t } = useTranslation();
  const [similar, setSimilar] = useState<Company[]>();
  const answer = useRef<(goOn: boolean) => void>(undefined);

  const confirmCreation = async (name: string, taxId?: string | null) => {
    const data = await api.request(SimilarCompaniesBeforeCreateDocument, {
      name,
      taxId: taxId || null,
    });
    const found = (data.similarCompanies?.nodes ?? []).filter((c): c is Company => c !== null);
    if (!found.length) return;
    const goOn = await new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setSimilar(found);
    });
    setSimilar(undefined);
    if (!goOn)
      throw new ApiError('graphql', 'CompanyCreationCanceled', 'Company creation canceled');
  };

  const dialog = (
    <Dialog open={similar !== undefined} onClose={() => answer.current?.(false)}>
      <DialogTitle>{t('clients.similarTitle')}</DialogTitle>
      <DialogContent data-testid="similar-companies">
        <DialogContentText>{t('clients.similarText')}</DialogContentText>
        <List dense>
          {similar?.map((company) => (
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
        <Button onClick={() => answer.current?.(false)} data-testid="similar-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => answer.current?.(true)}
          data-testid="similar-confirm"
        >
          {t('clients.createAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { confirmCreation, dialog };
}

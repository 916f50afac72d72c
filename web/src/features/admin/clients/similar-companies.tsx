import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import {
  SimilarCompaniesBeforeCreateDocument,
  type SimilarCompaniesBeforeCreateQuery,
} from '../../../api/generated.ts';
import { api } from '../../../app/services.ts';
import { SimilarCompaniesDialog } from '../../../components/SimilarCompaniesDialog.tsx';

type Company = NonNullable<
  NonNullable<SimilarCompaniesBeforeCreateQuery['similarCompanies']>['nodes'][number]
>;

/**
 * SPEC §5 "Creating a company checks for a similar existing record and asks for confirmation":
 * `confirmCreation(name, taxId)` (a similar name or the same tax id) resolves when there is none or the user goes on, and rejects with
 * "Company creation canceled" when the user cancels. Render `dialog` once in the page.
 */
export function useSimilarCompanyCheck() {
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
    <SimilarCompaniesDialog
      similar={similar}
      question="clients.similarText"
      onCancel={() => answer.current?.(false)}
      onContinue={() => answer.current?.(true)}
    />
  );
  return { confirmCreation, dialog };
}

import { useState } from 'react';
import {
  CreateInvoiceWithCostsDocument,
  LikelyDuplicateInvoicesDocument,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { api } from '../../../app/services.ts';
import type { PickedFile } from '../../../components/form/file-rules.ts';
import { useUploads } from '../../../components/form/use-uploads.ts';
import { invoiceTotals } from './amounts.ts';
import {
  costsOf,
  type Duplicate,
  type Failure,
  type WizardValues,
} from './invoice-wizard-model.ts';

/**
 * Saving the wizard: the likely duplicates first, then the files (useUploads' one failure policy)
 * and the invoice with its costs in one call. `onCreated` hears the new invoice's id.
 */
export function useInvoiceSave(props: {
  files: PickedFile[];
  setFiles: (update: (files: PickedFile[]) => PickedFile[]) => void;
  onCreated: (id: number | undefined) => void;
}) {
  const { files, setFiles } = props;
  const [failure, setFailure] = useState<Failure>();
  const [saving, setSaving] = useState<'upload' | 'create'>();
  const [duplicates, setDuplicates] = useState<Duplicate[]>();
  const create = useGraphQLMutation(CreateInvoiceWithCostsDocument, ['Invoice', 'Cost', 'File']);
  const uploads = useUploads();

  const save = async (values: WizardValues) => {
    setFailure(undefined);
    let fileIds: string[];
    setSaving('upload');
    try {
      fileIds = await uploads.upload(files, (next) => setFiles(() => next));
    } catch (error) {
      setFiles((current) => current.map((file) => ({ ...file, progress: undefined })));
      setFailure({ step: 'upload', error });
      setSaving(undefined);
      return;
    }
    setSaving('create');
    try {
      const result = await create.mutateAsync({
        invoiceType: values.type,
        invoiceRef: values.invoiceRef.trim(),
        invoiceDate: values.invoiceDate,
        dueDate: values.dueDate || null,
        currency: values.currency,
        subsidiaryId: values.subsidiary,
        supplierId: values.supplier,
        defaultCostTypeId: values.defaultCostType || null,
        costs: costsOf(values),
        fileIds,
      });
      uploads.forget();
      props.onCreated(result.createInvoiceWithCosts?.result?.id ?? undefined);
    } catch (error) {
      await uploads.failed(error);
      setFailure({ step: 'create', error });
    } finally {
      setSaving(undefined);
    }
  };

  /** Before saving, the likely duplicates among the invoices the account can see. */
  const checkThenSave = async (values: WizardValues) => {
    setFailure(undefined);
    try {
      const data = await api.request(LikelyDuplicateInvoicesDocument, {
        supplierId: values.supplier,
        invoiceRef: values.invoiceRef.trim(),
        invoiceDate: values.invoiceDate,
        amountWVat: invoiceTotals(values.costs).total,
      });
      const found = (data.likelyDuplicateInvoices?.nodes ?? []).filter(
        (node): node is Duplicate => node !== null,
      );
      if (found.length > 0) {
        setDuplicates(found);
        return;
      }
    } catch (error) {
      setFailure({ step: 'create', error });
      return;
    }
    await save(values);
  };

  return {
    save,
    checkThenSave,
    failure,
    saving,
    duplicates,
    setDuplicates,
    uploads,
    reset: () => {
      uploads.forget();
      setFailure(undefined);
    },
  };
}

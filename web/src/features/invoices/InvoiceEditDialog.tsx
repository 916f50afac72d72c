import * as yup from 'yup';
import { UpdateInvoiceDocument, type InvoiceType } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { dateRule, notBeforeRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { companyName } from '../../components/names.ts';
import { INVOICE_CHANGES, type InvoiceDetails } from './invoice-types.ts';

export const INVOICE_TYPES = ['regular', 'prepayment', 'credit_note'] as const;

const schema = yup.object({
  type: yup.string().required('validation.required'),
  invoiceRef: yup.string().trim().required('validation.required'),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
  currency: yup.string().required('validation.required'),
  subsidiaryId: yup.string().required('validation.required'),
  supplierId: yup.string().required('validation.required'),
  defaultCostTypeId: yup.string(),
});

/** Edits the invoice's own fields (its money comes from its costs); the database decides. */
export function InvoiceEditDialog(props: {
  open: boolean;
  invoice: InvoiceDetails;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { invoice } = props;
  const update = useGraphQLMutation(UpdateInvoiceDocument, INVOICE_CHANGES);
  return (
    <FormDialog
      open={props.open}
      testId="invoice-edit-dialog"
      title="invoices.actions.editTitle"
      maxWidth="md"
      initialValues={{
        type: invoice.type as string,
        invoiceRef: invoice.invoiceRef,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate ?? '',
        currency: invoice.currency,
        subsidiaryId: invoice.subsidiary?.id ?? '',
        supplierId: invoice.supplier?.id ?? '',
        defaultCostTypeId: invoice.defaultCostType?.id ?? '',
      }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={async (values) => {
        await update.mutateAsync({
          id: invoice.id,
          patch: {
            type: values.type as InvoiceType,
            invoiceRef: values.invoiceRef.trim(),
            invoiceDate: values.invoiceDate,
            dueDate: values.dueDate || null,
            currency: values.currency,
            subsidiaryId: values.subsidiaryId,
            supplierId: values.supplierId,
            defaultCostTypeId: values.defaultCostTypeId || null,
          },
        });
        props.onSaved();
      }}
    >
      <SelectInput
        name="type"
        label="resources.fields.type"
        options={INVOICE_TYPES.map((type) => ({ value: type, label: `invoices.types.${type}` }))}
        required
      />
      <TextInput name="invoiceRef" label="resources.invoices.fields.invoice_ref" required />
      <DateInput name="invoiceDate" label="resources.fields.invoice_date" required />
      <DateInput name="dueDate" label="resources.fields.due_date" />
      <SearchInput
        name="currency"
        kind="currency"
        label="resources.currencies.name"
        selected={{ value: invoice.currency, label: invoice.currency }}
        required
      />
      <SearchInput
        name="subsidiaryId"
        kind="subsidiary"
        label="resources.subsidiaries.name"
        selected={
          invoice.subsidiary
            ? { value: invoice.subsidiary.id, label: companyName(invoice.subsidiary) }
            : null
        }
        required
      />
      <SearchInput
        name="supplierId"
        kind="supplier"
        label="resources.suppliers.name"
        selected={
          invoice.supplier
            ? { value: invoice.supplier.id, label: companyName(invoice.supplier) }
            : null
        }
        required
      />
      <SearchInput
        name="defaultCostTypeId"
        kind="costType"
        label="resources.invoices.fields.default_cost_type_id"
        selected={
          invoice.defaultCostType
            ? { value: invoice.defaultCostType.id, label: invoice.defaultCostType.name }
            : null
        }
      />
    </FormDialog>
  );
}

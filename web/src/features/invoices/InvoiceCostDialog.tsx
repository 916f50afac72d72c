import { Box } from '@mui/material';
import * as yup from 'yup';
import { CreateInvoiceCostDocument, UpdateInvoiceCostDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { CheckboxInput } from '../../components/form/CheckboxInput.tsx';
import { MoneyInput, VatInput } from '../../components/form/MoneyInput.tsx';
import { MonthInput } from '../../components/form/DateInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { amountRule, pastPeriodRule, vatRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { INVOICE_CHANGES, type InvoiceCost, type InvoiceDetails } from './invoice-types.ts';
import { decimalValue } from '../../components/form/money-input.ts';

const schema = yup.object({
  name: yup.string().trim().required('validation.required'),
  costTypeId: yup.string(),
  projectId: yup.string(),
  period: pastPeriodRule(),
  amount: amountRule(),
  vat: vatRule(),
  toBill: yup.boolean(),
  description: yup.string().default(''),
});

const pad = (month: number) => String(month).padStart(2, '0');

/** Adds a cost to the invoice or edits one (SPEC §5 rules repeated; the database decides). */
export function InvoiceCostDialog(props: {
  open: boolean;
  invoice: InvoiceDetails;
  cost?: InvoiceCost;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { invoice, cost } = props;
  const create = useGraphQLMutation(CreateInvoiceCostDocument, INVOICE_CHANGES);
  const update = useGraphQLMutation(UpdateInvoiceCostDocument, INVOICE_CHANGES);
  const defaultType = invoice.defaultCostType;
  return (
    <FormDialog
      open={props.open}
      testId="cost-dialog"
      title={cost ? 'invoices.costs.edit' : 'invoiceWizard.addCost'}
      maxWidth="md"
      initialValues={{
        name: cost?.name ?? '',
        costTypeId: cost ? (cost.costType?.id ?? '') : (defaultType?.id ?? ''),
        projectId: cost?.project?.id ?? '',
        period: cost ? `${cost.year}-${pad(cost.period)}` : '',
        amount: cost?.amount ?? '',
        vat: cost?.vat ?? '',
        toBill: cost?.toBill ?? false,
        description: cost?.description ?? '',
      }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const fields = {
          name: values.name.trim(),
          costTypeId: values.costTypeId || null,
          projectId: values.projectId || null,
          year: Number(values.period.slice(0, 4)),
          period: Number(values.period.slice(5, 7)),
          // Exact decimal strings: "12." is sent as "12".
          amount: decimalValue(values.amount),
          vat: decimalValue(values.vat),
          toBill: values.toBill,
          description: (values.description ?? '').trim() || null,
        };
        if (cost) await update.mutateAsync({ id: cost.id, patch: fields });
        else await create.mutateAsync({ cost: { ...fields, invoiceId: invoice.id } });
        props.onSaved();
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <TextInput name="name" label="resources.fields.name" required />
        <SearchInput
          name="costTypeId"
          kind="costType"
          label="resources.cost_types.name"
          selected={
            cost?.costType
              ? { value: cost.costType.id, label: cost.costType.name }
              : !cost && defaultType
                ? { value: defaultType.id, label: defaultType.name }
                : null
          }
        />
        <SearchInput
          name="projectId"
          kind="project"
          label="resources.projects.name"
          selected={cost?.project ? { value: cost.project.id, label: cost.project.name } : null}
        />
        <MonthInput name="period" label="resources.costs.fields.period" required />
        <MoneyInput
          name="amount"
          label="resources.fields.amount"
          currency={invoice.currency}
          required
        />
        <VatInput name="vat" label="table.vat" required />
      </Box>
      <TextInput name="description" label="resources.fields.description" multiline minRows={2} />
      <CheckboxInput name="toBill" label="resources.costs.fields.to_bill" />
    </FormDialog>
  );
}

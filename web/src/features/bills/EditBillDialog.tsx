import { Box } from '@mui/material';
import * as yup from 'yup';
import { UpdateBillDocument, type BillDetailsQuery } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { DateInput, MonthInput } from '../../components/form/DateInput.tsx';
import { MoneyInput, VatInput } from '../../components/form/MoneyInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import {
  amountRule,
  dateRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { companyName } from '../../components/names.ts';
import { decimalValue } from '../../components/form/money-input.ts';

type Bill = NonNullable<BillDetailsQuery['billById']>;

interface EditValues extends Record<string, unknown> {
  name: string;
  description: string;
  clientId: string;
  projectId: string;
  serviceId: string;
  period: string;
  vat: string;
  amount: string;
  invoiceRef: string;
  invoiceDate: string;
  dueDate: string;
}

const schema: yup.ObjectSchema<EditValues> = yup.object({
  name: yup.string().trim().required('validation.required'),
  description: yup.string().default(''),
  clientId: yup.string().required('validation.required'),
  projectId: yup.string().default(''),
  serviceId: yup.string().default(''),
  period: pastPeriodRule(),
  vat: vatRule(),
  amount: amountRule(),
  invoiceRef: yup.string().default(''),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice').default(''),
});

/**
 * Edits a bill (SPEC §2 "edit (dialog)"): the fields of the setup step except the subsidiary and
 * the currency, which its costs and payments are tied to. The server refuses a paid bill
 * (CannotEditPaidBill).
 */
export function EditBillDialog(props: {
  bill: Bill;
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { bill } = props;
  const update = useGraphQLMutation(UpdateBillDocument, ['Bill']);
  const today = new Date();
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  return (
    <FormDialog<EditValues>
      open={props.open}
      testId="bill-edit-dialog"
      title="bills.editTitle"
      maxWidth="md"
      initialValues={{
        name: bill.name,
        description: bill.description ?? '',
        clientId: bill.client?.id ?? '',
        projectId: bill.project?.id ?? '',
        serviceId: bill.service?.id ?? '',
        period: `${bill.year}-${String(bill.period).padStart(2, '0')}`,
        vat: bill.vat,
        amount: bill.amount,
        invoiceRef: bill.invoiceRef ?? '',
        invoiceDate: bill.invoiceDate,
        dueDate: bill.dueDate ?? '',
      }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={(values) => {
        const [year, month] = values.period.split('-');
        return update.mutateAsync({
          id: bill.id,
          patch: {
            name: values.name.trim(),
            description: values.description.trim() || null,
            clientId: values.clientId,
            projectId: values.projectId || null,
            serviceId: values.serviceId || null,
            period: Number(month),
            year: Number(year),
            vat: values.vat,
            amount: decimalValue(values.amount),
            invoiceRef: values.invoiceRef.trim() || null,
            invoiceDate: values.invoiceDate,
            dueDate: values.dueDate || null,
          },
        });
        props.onSaved?.();
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput name="name" label="resources.fields.name" required />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput name="description" label="bills.description" multiline minRows={2} />
        </Box>
        <SearchInput
          name="clientId"
          label="bills.client"
          kind="client"
          required
          selected={bill.client ? { value: bill.client.id, label: companyName(bill.client) } : null}
        />
        <SearchInput
          name="projectId"
          label="bills.project"
          kind="project"
          selected={bill.project ? { value: bill.project.id, label: bill.project.name } : null}
        />
        <SearchInput
          name="serviceId"
          label="bills.service"
          kind="service"
          selected={bill.service ? { value: bill.service.id, label: bill.service.name } : null}
        />
        <MonthInput name="period" label="bills.period" max={thisMonth} required />
        <MoneyInput name="amount" label="bills.amount" currency={bill.currency} required />
        <VatInput name="vat" label="table.vat" required />
        <TextInput name="invoiceRef" label="bills.invoiceRef" />
        <DateInput name="invoiceDate" label="bills.invoiceDate" required />
        <DateInput name="dueDate" label="bills.dueDate" />
      </Box>
    </FormDialog>
  );
}

import { Box, Paper } from '@mui/material';
import { useFormikContext } from 'formik';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields.tsx';
import type { SearchLabels } from '../../../components/form/search-labels.ts';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { TYPES, type WizardValues } from './invoice-wizard-model.ts';

/** The invoice's type, default cost type, subsidiary, supplier, number, currency and dates. */
export function SetupStep(props: { labels: SearchLabels }) {
  const { values } = useFormikContext<WizardValues>();
  return (
    <Paper sx={{ p: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        <SelectInput
          name="type"
          label="invoiceWizard.type"
          required
          options={TYPES.map((value) => ({ value, label: `invoiceWizard.types.${value}` }))}
        />
        <SearchInput
          {...props.labels.field('defaultCostType')}
          name="defaultCostType"
          label="resources.invoices.fields.default_cost_type_id"
          kind="costType"
          helper="invoiceWizard.defaultCostTypeHint"
        />
        <SearchInput
          {...props.labels.field('subsidiary')}
          name="subsidiary"
          label="resources.subsidiaries.name"
          kind="subsidiary"
          required
        />
        <SearchInput
          {...props.labels.field('supplier')}
          name="supplier"
          label="resources.suppliers.name"
          kind="supplier"
          required
        />
        <TextInput name="invoiceRef" label="resources.invoices.fields.invoice_ref" required />
        <SearchInput
          {...props.labels.field('currency')}
          name="currency"
          label="resources.currencies.name"
          kind="currency"
          required
        />
        <DateInput name="invoiceDate" label="resources.fields.invoice_date" required />
        <DateInput name="dueDate" label="resources.fields.due_date" min={values.invoiceDate} />
      </Box>
    </Paper>
  );
}

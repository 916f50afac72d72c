import { Box, Paper } from '@mui/material';
import { useFormikContext } from 'formik';
import { DateInput } from '../../../components/form/DateInput.tsx';
import { SelectInput } from '../../../components/form/SelectInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
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
          label="invoiceWizard.subsidiary"
          kind="subsidiary"
          required
        />
        <SearchInput
          {...props.labels.field('supplier')}
          name="supplier"
          label="invoiceWizard.supplier"
          kind="supplier"
          required
        />
        <TextInput name="invoiceRef" label="invoiceWizard.invoiceRef" required />
        <SearchInput
          {...props.labels.field('currency')}
          name="currency"
          label="invoiceWizard.currency"
          kind="currency"
          required
        />
        <DateInput name="invoiceDate" label="invoiceWizard.invoiceDate" required />
        <DateInput name="dueDate" label="resources.fields.due_date" min={values.invoiceDate} />
      </Box>
    </Paper>
  );
}

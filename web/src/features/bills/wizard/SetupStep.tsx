import { Grid } from '@mui/material';
import { useFormikContext } from 'formik';
import { DateInput, MonthInput } from '../../../components/form/DateInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { VatInput } from '../../../components/form/MoneyInput.tsx';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import type { SearchLabels } from '../../../components/form/search-labels.ts';
import type { WizardValues } from './bill-wizard-model.ts';

/** The bill's client, subsidiary, name, period, currency, VAT and dates (SPEC §5). */
export function SetupStep(props: { labels: SearchLabels }) {
  const today = new Date();
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  const { values } = useFormikContext<WizardValues>();
  return (
    <Grid container spacing={2} data-testid="wizard-setup">
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput
          {...props.labels.field('clientId')}
          name="clientId"
          label="bills.client"
          kind="client"
          required
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput
          {...props.labels.field('subsidiaryId')}
          name="subsidiaryId"
          label="bills.subsidiary"
          kind="subsidiary"
          required
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput
          {...props.labels.field('projectId')}
          name="projectId"
          label="bills.project"
          kind="project"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput
          {...props.labels.field('serviceId')}
          name="serviceId"
          label="bills.service"
          kind="service"
        />
      </Grid>
      <Grid size={12}>
        <TextInput name="name" label="resources.fields.name" required />
      </Grid>
      <Grid size={12}>
        <TextInput name="description" label="bills.description" multiline minRows={2} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MonthInput name="period" label="bills.period" max={thisMonth} required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SearchInput
          {...props.labels.field('currency')}
          name="currency"
          label="resources.currencies.name"
          kind="currency"
          required
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <VatInput name="vat" label="table.vat" required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextInput name="invoiceRef" label="bills.invoiceRef" />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <DateInput name="invoiceDate" label="bills.invoiceDate" required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <DateInput
          name="dueDate"
          label="bills.dueDate"
          min={/^\d{4}-\d{2}-\d{2}$/.test(values.invoiceDate) ? values.invoiceDate : undefined}
        />
      </Grid>
    </Grid>
  );
}

import { Add, Delete } from '@mui/icons-material';
import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../../../components/form/CheckboxInput.tsx';
import { MoneyInput, VatInput } from '../../../components/form/MoneyInput.tsx';
import { MonthInput } from '../../../components/form/DateInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import type { SearchLabels } from '../../../components/form/search-labels.ts';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { newCost, type WizardValues } from './invoice-wizard-model.ts';
import { InvoiceSummary } from './InvoiceSummary.tsx';

/** The invoice's costs, one card each (at least one), under the invoice's summary. */
export function CostsStep(props: { active: boolean; labels: SearchLabels }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<WizardValues>();
  return (
    <Stack spacing={2}>
      <InvoiceSummary active={props.active} />
      <FieldArray name="costs">
        {(array) => (
          <Stack spacing={2}>
            {values.costs.map((cost, index) => (
              <Paper key={cost.key} sx={{ p: 2 }} data-testid={`cost-${index}`}>
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" sx={{ flex: 1 }}>
                    {t('invoiceWizard.costNumber', { number: index + 1 })}
                  </Typography>
                  <IconButton
                    aria-label={t('invoiceWizard.removeCost', { number: index + 1 })}
                    disabled={values.costs.length === 1}
                    onClick={() => array.remove(index)}
                  >
                    <Delete />
                  </IconButton>
                </Stack>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
                  }}
                >
                  <TextInput name={`costs.${index}.name`} label="resources.fields.name" required />
                  <SearchInput
                    {...props.labels.field(`${cost.key}.costType`)}
                    name={`costs.${index}.costType`}
                    label="resources.cost_types.name"
                    kind="costType"
                    helper={values.defaultCostType ? 'invoiceWizard.costTypeDefault' : undefined}
                  />
                  <SearchInput
                    {...props.labels.field(`${cost.key}.project`)}
                    name={`costs.${index}.project`}
                    label="resources.projects.name"
                    kind="project"
                  />
                  <MonthInput
                    name={`costs.${index}.period`}
                    label="resources.costs.fields.period"
                    required
                  />
                  <MoneyInput
                    name={`costs.${index}.amount`}
                    label="invoiceWizard.amount"
                    currency={values.currency}
                    required
                  />
                  <VatInput name={`costs.${index}.vat`} label="table.vat" required />
                </Box>
                <CheckboxInput name={`costs.${index}.toBill`} label="invoiceWizard.toBill" />
              </Paper>
            ))}
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() => array.push(newCost())}
                data-testid="add-cost"
              >
                {t('invoiceWizard.addCost')}
              </Button>
            </Box>
          </Stack>
        )}
      </FieldArray>
    </Stack>
  );
}

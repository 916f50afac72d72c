import {
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import { BillableCostsDocument, type CostFilter } from '../../../api/generated.ts';
import { useGraphQLQuery } from '../../../api/hooks.ts';
import { MoneyInput } from '../../../components/form/MoneyInput.tsx';
import { MonthInput } from '../../../components/form/DateInput.tsx';
import { SearchInput } from '../../../components/form/SearchInput.tsx';
import { formatMoney } from '../../../components/format.ts';
import { costsTotal } from '../costs-total.ts';
import { companyName, billingPeriod } from '../../../components/names.ts';
import type { SearchLabels } from '../../../components/form/search-labels.ts';
import type { Cost, WizardValues } from './bill-wizard-model.ts';

/** The costs that may be billed: approved, marked to bill, not billed, of the bill's subsidiary
 *  and currency, filterable by project, period and supplier; the running total below. */
export function CostsStep(props: {
  values: WizardValues;
  selected: Map<number, Cost>;
  onSelected: (selected: Map<number, Cost>) => void;
  labels: SearchLabels;
}) {
  const { t, i18n } = useTranslation();
  const { setFieldValue } = useFormikContext<WizardValues>();
  const { values } = props;
  const filter: CostFilter = {
    status: { equalTo: 'approved' },
    toBill: { equalTo: true },
    billId: { isNull: true },
    isDeleted: { equalTo: false },
    subsidiaryId: { equalTo: values.subsidiaryId },
    currency: { equalTo: values.currency },
    ...(values.costProject ? { projectId: { equalTo: values.costProject } } : {}),
    ...(/^\d{4}-\d{2}$/.test(values.costPeriod)
      ? {
          year: { equalTo: Number(values.costPeriod.slice(0, 4)) },
          period: { equalTo: Number(values.costPeriod.slice(5)) },
        }
      : {}),
    ...(values.costSupplier ? { invoice: { supplierId: { equalTo: values.costSupplier } } } : {}),
  };
  const query = useGraphQLQuery(
    BillableCostsDocument,
    { first: 100, filter },
    { reads: ['Cost', 'Bill'] },
    { placeholderData: keepPreviousData },
  );
  const costs = (query.data?.allCosts?.nodes ?? []).filter((c): c is Cost => c !== null);
  const total = costsTotal([...props.selected.values()]);
  const money = (value: string, currency: string) => formatMoney(value, i18n.language, currency);

  const choose = (next: Map<number, Cost>) => {
    props.onSelected(next);
    // The bill's amount follows the chosen costs; it may be changed afterwards.
    void setFieldValue('amount', costsTotal([...next.values()]).amount);
  };
  const toggle = (cost: Cost) => {
    const next = new Map(props.selected);
    if (next.has(cost.id)) next.delete(cost.id);
    else next.set(cost.id, cost);
    choose(next);
  };
  const allShown = costs.length > 0 && costs.every((cost) => props.selected.has(cost.id));

  return (
    <Box data-testid="wizard-costs">
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SearchInput
            {...props.labels.field('costProject')}
            name="costProject"
            label="bills.project"
            kind="project"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MonthInput name="costPeriod" label="bills.period" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SearchInput
            {...props.labels.field('costSupplier')}
            name="costSupplier"
            label="resources.suppliers.name"
            kind="supplier"
          />
        </Grid>
      </Grid>
      {query.error ? (
        <Alert severity="error">{errorMessage(t, query.error)}</Alert>
      ) : query.isPending ? (
        <CircularProgress aria-label={t('table.loading')} />
      ) : costs.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-billable-costs">
          {t('bills.wizard.noCosts', { currency: values.currency })}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShown}
                  onChange={() => {
                    const next = new Map(props.selected);
                    for (const cost of costs) {
                      if (allShown) next.delete(cost.id);
                      else next.set(cost.id, cost);
                    }
                    choose(next);
                  }}
                  slotProps={{ input: { 'aria-label': t('bills.wizard.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('resources.bills.fields.id')}</TableCell>
              <TableCell>{t('resources.fields.name')}</TableCell>
              <TableCell>{t('bills.project')}</TableCell>
              <TableCell>{t('resources.suppliers.name')}</TableCell>
              <TableCell>{t('bills.period')}</TableCell>
              <TableCell align="right">{t('bills.amount')}</TableCell>
              <TableCell align="right">{t('bills.amountWVat')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {costs.map((cost) => (
              <TableRow
                key={cost.id}
                hover
                selected={props.selected.has(cost.id)}
                onClick={() => toggle(cost)}
                sx={{ cursor: 'pointer' }}
                data-testid="billable-cost"
                data-cost-id={cost.id}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={props.selected.has(cost.id)}
                    slotProps={{
                      input: { 'aria-label': t('bills.wizard.select', { id: cost.id }) },
                    }}
                  />
                </TableCell>
                <TableCell>{cost.id}</TableCell>
                <TableCell>{cost.name}</TableCell>
                <TableCell>{cost.project?.name}</TableCell>
                <TableCell>{companyName(cost.invoice?.supplier)}</TableCell>
                <TableCell>{billingPeriod(t, cost.period, cost.year)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(cost.amount, cost.currency)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(cost.amountWVat, cost.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(query.data?.allCosts?.totalCount ?? 0) > costs.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('bills.wizard.more', {
            shown: costs.length,
            total: query.data?.allCosts?.totalCount,
          })}
        </Typography>
      )}
      <Stack
        direction="row"
        spacing={3}
        sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}
        data-testid="running-total"
      >
        <Typography>
          {t('bills.wizard.total', {
            count: props.selected.size,
            amount: money(total.amount, values.currency),
            withVat: money(total.amountWVat, values.currency),
            usd: money(total.amountUsdWVat, 'USD'),
          })}
        </Typography>
        <Box sx={{ width: 260 }}>
          <MoneyInput
            name="amount"
            label="bills.wizard.amount"
            currency={values.currency}
            helper="bills.wizard.amountHelp"
            required
          />
        </Box>
      </Stack>
    </Box>
  );
}

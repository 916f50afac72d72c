import { CheckCircle, Error as ErrorIcon, RadioButtonUnchecked, Remove } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Grid,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { Form, Formik, useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import {
  BillableCostsDocument,
  CreateBillDocument,
  type BillableCostsQuery,
  type CostFilter,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { storageRequest } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import {
  DateInput,
  MoneyInput,
  MonthInput,
  TextInput,
  VatInput,
} from '../../components/form/fields.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import {
  amountRule,
  dateRule,
  monthRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { formatMoney } from '../../components/format.ts';
import { costsTotal, type BillableCost } from './costs-total.ts';
import { companyName, periodLabel } from './names.ts';

type Cost = NonNullable<BillableCostsQuery['allCosts']>['nodes'][number] & BillableCost;

export interface WizardValues {
  clientId: string;
  subsidiaryId: string;
  projectId: string;
  serviceId: string;
  name: string;
  description: string;
  period: string;
  currency: string;
  vat: string;
  invoiceRef: string;
  invoiceDate: string;
  dueDate: string;
  amount: string;
  // Filters of the cost step (not sent).
  costProject: string;
  costPeriod: string;
  costSupplier: string;
}

const INITIAL: WizardValues = {
  clientId: '',
  subsidiaryId: '',
  projectId: '',
  serviceId: '',
  name: '',
  description: '',
  period: '',
  currency: '',
  vat: '',
  invoiceRef: '',
  invoiceDate: '',
  dueDate: '',
  amount: '',
  costProject: '',
  costPeriod: '',
  costSupplier: '',
};

/** SPEC §5 rules for the setup step (the database checks them again). */
const setupSchema = yup.object({
  clientId: yup.string().required('validation.required'),
  subsidiaryId: yup.string().required('validation.required'),
  name: yup.string().trim().required('validation.required'),
  period: pastPeriodRule(),
  currency: yup.string().required('validation.required'),
  vat: vatRule(),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
});
const costsSchema = setupSchema.shape({ amount: amountRule(), costPeriod: monthRule() });

const STEPS = ['setup', 'costs', 'files'] as const;
/** The progress of SPEC §4 after the three steps. */
const PROGRESS = [
  'uploadAttachments',
  'uploadAct',
  'createBill',
  'updateCosts',
  'created',
] as const;
type Progress = (typeof PROGRESS)[number];
type ProgressState = Record<Progress, 'waiting' | 'running' | 'done' | 'skipped' | 'failed'>;

const waiting = (): ProgressState => ({
  uploadAttachments: 'waiting',
  uploadAct: 'waiting',
  createBill: 'waiting',
  updateCosts: 'waiting',
  created: 'waiting',
});

/** Removes uploads that no bill took (best effort: the storage removes them after a day anyway). */
async function discard(ids: string[]) {
  await Promise.all(
    ids.map((id) =>
      storageRequest(api, `/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => {}),
    ),
  );
}

/**
 * The bill wizard (SPEC §2, §4): setup → select costs → files and act → progress (upload
 * attachments, upload act, create bill, update costs, created) → create another or show the bill.
 * The bill, its costs and its files are written in one call, so a failure leaves no half-made
 * bill; uploads no bill took are deleted again.
 */
export default function BillWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [selected, setSelected] = useState<Map<number, Cost>>(new Map());
  const [attachments, setAttachments] = useState<PickedFile[]>([]);
  const [act, setAct] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<ProgressState>();
  const [failure, setFailure] = useState<{ step: Progress; error: unknown }>();
  const [created, setCreated] = useState<number>();
  const [formKey, setFormKey] = useState(0);
  const create = useGraphQLMutation(CreateBillDocument, ['Bill', 'Cost', 'File']);

  const restart = () => {
    setStep(0);
    setSelected(new Map());
    setAttachments([]);
    setAct([]);
    setProgress(undefined);
    setFailure(undefined);
    setCreated(undefined);
    setFormKey((key) => key + 1);
  };

  const run = async (values: WizardValues) => {
    const state = waiting();
    const mark = (name: Progress, value: ProgressState[Progress]) => {
      state[name] = value;
      setProgress({ ...state });
    };
    setFailure(undefined);
    const uploaded: string[] = [];
    let current: Progress = 'uploadAttachments';
    try {
      mark('uploadAttachments', attachments.length ? 'running' : 'skipped');
      const fileIds = attachments.length ? await uploadPicked(attachments, setAttachments) : [];
      uploaded.push(...fileIds);
      if (attachments.length) mark('uploadAttachments', 'done');
      current = 'uploadAct';
      mark('uploadAct', act.length ? 'running' : 'skipped');
      const [actId] = act.length ? await uploadPicked(act, setAct) : [];
      if (actId) uploaded.push(actId);
      if (act.length) mark('uploadAct', 'done');
      // The bill and its costs are one transaction on the server: both are done, or neither.
      current = 'createBill';
      mark('createBill', 'running');
      mark('updateCosts', 'running');
      const [year, month] = values.period.split('-');
      const result = await create.mutateAsync({
        input: {
          name: values.name.trim(),
          description: values.description.trim() || null,
          clientId: values.clientId,
          subsidiaryId: values.subsidiaryId,
          projectId: values.projectId || null,
          serviceId: values.serviceId || null,
          period: Number(month),
          year: Number(year),
          currency: values.currency,
          vat: values.vat,
          amount: values.amount,
          invoiceRef: values.invoiceRef.trim() || null,
          invoiceDate: values.invoiceDate,
          dueDate: values.dueDate || null,
          costIds: [...selected.keys()],
          actId: actId ?? null,
          fileIds,
        },
      });
      mark('createBill', 'done');
      mark('updateCosts', 'done');
      mark('created', 'done');
      setCreated(result.createBillWithCosts?.result?.id ?? undefined);
    } catch (error) {
      // The uploads no bill took go first, so the message is shown once nothing is left behind.
      await discard(uploaded);
      if (current === 'createBill') mark('updateCosts', 'failed');
      mark(current, 'failed');
      setFailure({ step: current, error });
    }
  };

  return (
    <Box sx={{ p: 3, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.newBill')}
      </Typography>
      <Stepper activeStep={progress ? STEPS.length : step} sx={{ mb: 3 }}>
        {STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`bills.wizard.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Formik<WizardValues>
        key={formKey}
        initialValues={INITIAL}
        validationSchema={step === 0 ? setupSchema : costsSchema}
        onSubmit={async (values, helpers) => {
          if (step < STEPS.length - 1) {
            setStep(step + 1);
            void helpers.setTouched({});
            return;
          }
          await run(values);
        }}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate data-testid="bill-wizard">
            {progress ? (
              <ProgressView
                progress={progress}
                failure={failure}
                created={created}
                onBack={() => {
                  setProgress(undefined);
                  setFailure(undefined);
                }}
                onAnother={restart}
                onShow={() => created !== undefined && void navigate(`/bills/${created}`)}
              />
            ) : (
              <Paper sx={{ p: 3 }}>
                {step === 0 && <SetupStep />}
                {step === 1 && (
                  <CostsStep values={values} selected={selected} onSelected={setSelected} />
                )}
                {step === 2 && (
                  <Grid container spacing={3}>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <Typography variant="h6" component="h2" gutterBottom>
                        {t('bills.wizard.attachments')}
                      </Typography>
                      <FileDropZone
                        files={attachments}
                        onChange={setAttachments}
                        testId="attachments-drop"
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <Typography variant="h6" component="h2" gutterBottom>
                        {t('bills.act')}
                      </Typography>
                      <FileDropZone files={act} onChange={setAct} testId="act-drop" />
                      {act.length > 1 && (
                        <Alert severity="error" sx={{ mt: 1 }}>
                          {t('bills.wizard.oneAct')}
                        </Alert>
                      )}
                    </Grid>
                  </Grid>
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
                  <Button component={Link} to="/bills">
                    {t('common.cancel')}
                  </Button>
                  {step > 0 && (
                    <Button onClick={() => setStep(step - 1)} data-testid="wizard-back">
                      {t('common.goBack')}
                    </Button>
                  )}
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={isSubmitting || act.length > 1}
                    data-testid="wizard-next"
                  >
                    {step < STEPS.length - 1 ? t('bills.wizard.next') : t('bills.wizard.create')}
                  </Button>
                </Stack>
              </Paper>
            )}
          </Form>
        )}
      </Formik>
    </Box>
  );
}

function SetupStep() {
  const today = new Date();
  const thisMonth = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  const { values } = useFormikContext<WizardValues>();
  return (
    <Grid container spacing={2} data-testid="wizard-setup">
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput name="clientId" label="bills.client" kind="client" required />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput name="subsidiaryId" label="bills.subsidiary" kind="subsidiary" required />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput name="projectId" label="bills.project" kind="project" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SearchInput name="serviceId" label="bills.service" kind="service" />
      </Grid>
      <Grid size={12}>
        <TextInput name="name" label="bills.name" required />
      </Grid>
      <Grid size={12}>
        <TextInput name="description" label="bills.description" multiline minRows={2} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MonthInput name="period" label="bills.period" max={thisMonth} required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SearchInput name="currency" label="bills.currency" kind="currency" required />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <VatInput name="vat" label="bills.vat" required />
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

/** The costs that may be billed: approved, marked to bill, not billed, of the bill's subsidiary
 *  and currency, filterable by project, period and supplier; the running total below. */
function CostsStep(props: {
  values: WizardValues;
  selected: Map<number, Cost>;
  onSelected: (selected: Map<number, Cost>) => void;
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
          <SearchInput name="costProject" label="bills.project" kind="project" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <MonthInput name="costPeriod" label="bills.period" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SearchInput name="costSupplier" label="bills.wizard.supplier" kind="supplier" />
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
              <TableCell>{t('bills.id')}</TableCell>
              <TableCell>{t('bills.name')}</TableCell>
              <TableCell>{t('bills.project')}</TableCell>
              <TableCell>{t('bills.wizard.supplier')}</TableCell>
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
                <TableCell>{periodLabel(t, cost.period, cost.year)}</TableCell>
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

function ProgressView(props: {
  progress: ProgressState;
  failure?: { step: Progress; error: unknown };
  created?: number;
  onBack: () => void;
  onAnother: () => void;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const icon = (state: ProgressState[Progress]) =>
    state === 'done' ? (
      <CheckCircle color="success" />
    ) : state === 'failed' ? (
      <ErrorIcon color="error" />
    ) : state === 'running' ? (
      <CircularProgress size={20} />
    ) : state === 'skipped' ? (
      <Remove color="disabled" />
    ) : (
      <RadioButtonUnchecked color="disabled" />
    );
  return (
    <Paper sx={{ p: 3 }} data-testid="wizard-progress">
      <List dense>
        {PROGRESS.map((name) => (
          <ListItem key={name} data-testid={`progress-${name}`} data-state={props.progress[name]}>
            <ListItemIcon>{icon(props.progress[name])}</ListItemIcon>
            <ListItemText
              primary={t(`bills.wizard.progress.${name}`)}
              secondary={props.progress[name] === 'skipped' ? t('bills.wizard.skipped') : undefined}
            />
          </ListItem>
        ))}
      </List>
      {props.failure && (
        <Alert severity="error" sx={{ my: 2 }} data-testid="wizard-failure">
          {t('bills.wizard.failed', {
            step: t(`bills.wizard.progress.${props.failure.step}`),
            message: errorMessage(t, props.failure.error),
          })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {props.failure && (
          <Button onClick={props.onBack} data-testid="wizard-fix">
            {t('bills.wizard.fix')}
          </Button>
        )}
        {props.created !== undefined && (
          <>
            <Button onClick={props.onAnother} data-testid="wizard-another">
              {t('bills.wizard.another')}
            </Button>
            <Button variant="contained" onClick={props.onShow} data-testid="wizard-show">
              {t('bills.wizard.show')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Add, Delete } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { FieldArray, Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import {
  CreateInvoiceWithCostsDocument,
  InvoiceWizardNamesDocument,
  InvoiceWizardRateDocument,
  LikelyDuplicateInvoicesDocument,
  type InvoiceType,
  type LikelyDuplicateInvoicesQuery,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { api } from '../../app/services.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import {
  CheckboxInput,
  DateInput,
  MoneyInput,
  MonthInput,
  SelectInput,
  TextInput,
  VatInput,
} from '../../components/form/fields.tsx';
import {
  amountRule,
  dateRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { formatDate, formatMoney } from '../../components/format.ts';
import { invoiceTotals } from './wizard/amounts.ts';

interface CostValues {
  key: number;
  name: string;
  costType: string;
  project: string;
  /** 'YYYY-MM' */
  period: string;
  amount: string;
  vat: string;
  toBill: boolean;
}

interface WizardValues {
  type: InvoiceType;
  defaultCostType: string;
  currency: string;
  invoiceRef: string;
  invoiceDate: string;
  dueDate: string;
  subsidiary: string;
  supplier: string;
  costs: CostValues[];
}

const TYPES: InvoiceType[] = ['regular', 'prepayment', 'credit_note'];
const STEPS = ['setup', 'costs', 'files'] as const;

let costKey = 0;
const newCost = (): CostValues => ({
  key: ++costKey,
  name: '',
  costType: '',
  project: '',
  period: '',
  amount: '',
  vat: '',
  toBill: false,
});

const emptyValues = (): WizardValues => ({
  type: 'regular',
  defaultCostType: '',
  currency: '',
  invoiceRef: '',
  invoiceDate: '',
  dueDate: '',
  subsidiary: '',
  supplier: '',
  costs: [newCost()],
});

/** SPEC §5, repeated for a quick message; the database decides (create_invoice_with_costs). */
const setupSchema = yup.object({
  type: yup.string().required('validation.required'),
  currency: yup.string().required('validation.required'),
  invoiceRef: yup.string().trim().required('validation.required'),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
  subsidiary: yup.string().required('validation.required'),
  supplier: yup.string().required('validation.required'),
});

const costsSchema = yup.object({
  costs: yup
    .array()
    .of(
      yup.object({
        name: yup.string().trim().required('validation.required'),
        period: pastPeriodRule(),
        amount: amountRule(),
        vat: vatRule(),
      }),
    )
    .min(1, 'invoiceWizard.costsRequired'),
});

type Duplicate = NonNullable<
  NonNullable<LikelyDuplicateInvoicesQuery['likelyDuplicateInvoices']>['nodes'][number]
>;

/** Which step of saving failed, with its error, so the user can retry from there. */
type Failure = { step: 'upload' | 'create'; error: unknown };

function costsOf(values: WizardValues) {
  return values.costs.map((cost) => {
    const [year, period] = cost.period.split('-').map(Number);
    return {
      name: cost.name.trim(),
      amount: cost.amount,
      vat: cost.vat,
      to_bill: cost.toBill,
      cost_type_id: cost.costType || null,
      project_id: cost.project || null,
      period,
      year,
    };
  });
}

export default function NewInvoicePage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<PickedFile[]>([]);
  // Uploaded once: a retry after a failed create attaches the same uploads (an unattached upload
  // expires by itself, docs/files.md).
  const [uploaded, setUploaded] = useState<string[]>();
  const [failure, setFailure] = useState<Failure>();
  const [saving, setSaving] = useState<'upload' | 'create'>();
  const [duplicates, setDuplicates] = useState<Duplicate[]>();
  const [created, setCreated] = useState<number>();
  const [formKey, setFormKey] = useState(0);
  const create = useGraphQLMutation(CreateInvoiceWithCostsDocument, ['Invoice', 'Cost', 'File']);

  const save = async (values: WizardValues) => {
    setFailure(undefined);
    let fileIds = uploaded;
    if (!fileIds) {
      if (files.length > 0) {
        setSaving('upload');
        try {
          fileIds = await uploadPicked(files, setFiles);
        } catch (error) {
          setFiles((current) => current.map((file) => ({ ...file, progress: undefined })));
          setFailure({ step: 'upload', error });
          setSaving(undefined);
          return;
        }
      } else {
        fileIds = [];
      }
      setUploaded(fileIds);
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
      setCreated(result.createInvoiceWithCosts?.result?.id);
      setStep(3);
    } catch (error) {
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

  const onSubmit = async (values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (step < 2) {
      setStep(step + 1);
      await helpers.setTouched({}, false);
      return;
    }
    await checkThenSave(values);
  };

  const startAgain = () => {
    setStep(0);
    setFiles([]);
    setUploaded(undefined);
    setFailure(undefined);
    setCreated(undefined);
    setFormKey((key) => key + 1);
  };

  if (step === 3 && created !== undefined) {
    return (
      <Box sx={{ p: 3, maxWidth: 720 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
          {t('titles.newInvoice')}
        </Typography>
        <Paper sx={{ p: 3 }} data-testid="wizard-created">
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('invoiceWizard.created', { id: created })}
          </Alert>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              component={Link}
              to={`/invoices/${created}`}
              data-testid="show-invoice"
            >
              {t('invoiceWizard.showInvoice')}
            </Button>
            <Button onClick={startAgain} data-testid="create-another">
              {t('invoiceWizard.createAnother')}
            </Button>
          </Stack>
        </Paper>
      </Box>
    );
  }

  return (
    <Box sx={{ p: 3, maxWidth: 1200 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.newInvoice')}
      </Typography>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`invoiceWizard.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Formik<WizardValues>
        key={formKey}
        initialValues={emptyValues()}
        validationSchema={step === 0 ? setupSchema : costsSchema}
        onSubmit={onSubmit}
      >
        {(form) => (
          <Form noValidate data-testid="invoice-wizard">
            {/* Every step stays mounted, so the search fields keep the names they show. */}
            <Box hidden={step !== 0}>
              <SetupStep />
            </Box>
            <Box hidden={step !== 1}>
              <CostsStep active={step === 1} />
            </Box>
            <Box hidden={step !== 2}>
              <Paper sx={{ p: 2 }}>
                <Typography variant="subtitle1" sx={{ mb: 1 }}>
                  {t('invoiceWizard.filesHint')}
                </Typography>
                <FileDropZone
                  files={files}
                  onChange={(next) => {
                    setFiles(next);
                    // Other files than those uploaded: upload again.
                    setUploaded(undefined);
                  }}
                  disabled={Boolean(saving) || uploaded !== undefined}
                  testId="invoice-files"
                />
                {uploaded !== undefined && uploaded.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('invoiceWizard.uploaded', { count: uploaded.length })}
                  </Typography>
                )}
              </Paper>
            </Box>
            {failure && (
              <Alert
                severity="error"
                sx={{ mt: 2 }}
                data-testid="wizard-failure"
                data-step={failure.step}
              >
                <strong>{t(`invoiceWizard.failed.${failure.step}`)}</strong>{' '}
                {errorMessage(t, failure.error)}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
              <Button
                disabled={step === 0 || Boolean(saving)}
                onClick={() => setStep(step - 1)}
                data-testid="wizard-back"
              >
                {t('invoiceWizard.back')}
              </Button>
              <Button
                variant="contained"
                type="submit"
                disabled={Boolean(saving) || form.isSubmitting}
                data-testid="wizard-next"
              >
                {step < 2
                  ? t('invoiceWizard.next')
                  : saving
                    ? t(`invoiceWizard.saving.${saving}`)
                    : failure
                      ? t('invoiceWizard.retry')
                      : t('invoiceWizard.create')}
              </Button>
            </Stack>
            <DuplicatesDialog
              duplicates={duplicates}
              invoiceRef={form.values.invoiceRef}
              onBack={() => setDuplicates(undefined)}
              onContinue={() => {
                setDuplicates(undefined);
                void save(form.values);
              }}
            />
          </Form>
        )}
      </Formik>
    </Box>
  );
}

function SetupStep() {
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
          name="defaultCostType"
          label="invoiceWizard.defaultCostType"
          kind="costType"
          helper="invoiceWizard.defaultCostTypeHint"
        />
        <SearchInput
          name="subsidiary"
          label="invoiceWizard.subsidiary"
          kind="subsidiary"
          required
        />
        <SearchInput name="supplier" label="invoiceWizard.supplier" kind="supplier" required />
        <TextInput name="invoiceRef" label="invoiceWizard.invoiceRef" required />
        <SearchInput name="currency" label="invoiceWizard.currency" kind="currency" required />
        <DateInput name="invoiceDate" label="invoiceWizard.invoiceDate" required />
        <DateInput name="dueDate" label="invoiceWizard.dueDate" min={values.invoiceDate} />
      </Box>
    </Paper>
  );
}

function CostsStep(props: { active: boolean }) {
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
                  <TextInput name={`costs.${index}.name`} label="invoiceWizard.costName" required />
                  <SearchInput
                    name={`costs.${index}.costType`}
                    label="invoiceWizard.costType"
                    kind="costType"
                    helper={values.defaultCostType ? 'invoiceWizard.costTypeDefault' : undefined}
                  />
                  <SearchInput
                    name={`costs.${index}.project`}
                    label="invoiceWizard.project"
                    kind="project"
                  />
                  <MonthInput
                    name={`costs.${index}.period`}
                    label="invoiceWizard.period"
                    required
                  />
                  <MoneyInput
                    name={`costs.${index}.amount`}
                    label="invoiceWizard.amount"
                    currency={values.currency}
                    required
                  />
                  <VatInput name={`costs.${index}.vat`} label="invoiceWizard.vat" required />
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

/** SPEC §2: the cost step shows invoice type, currency, subsidiary, supplier, amount, VAT, total. */
function InvoiceSummary(props: { active: boolean }) {
  const { t, i18n } = useTranslation();
  const { values } = useFormikContext<WizardValues>();
  const ready = props.active && Boolean(values.subsidiary && values.supplier);
  const names = useGraphQLQuery(
    InvoiceWizardNamesDocument,
    { subsidiaryId: values.subsidiary, supplierId: values.supplier },
    { reads: ['Company'] },
    { enabled: ready },
  );
  const rate = useGraphQLQuery(
    InvoiceWizardRateDocument,
    { currency: values.currency, onDate: values.invoiceDate },
    { reads: ['Currency'] },
    { enabled: props.active && Boolean(values.currency && values.invoiceDate), retry: false },
  );
  const totals = invoiceTotals(values.costs, rate.data?.usdRate);
  const company = (c?: { legalName: string; shortName: string | null } | null) =>
    c?.shortName || c?.legalName || '';
  const money = (value: string | undefined, currency: string) =>
    value === undefined ? '—' : formatMoney(value, i18n.language, currency);
  const facts: [string, string][] = [
    ['invoiceWizard.type', t(`invoiceWizard.types.${values.type}`)],
    ['invoiceWizard.currency', values.currency],
    ['invoiceWizard.subsidiary', company(names.data?.subsidiaryById)],
    ['invoiceWizard.supplier', company(names.data?.supplierById)],
    ['invoiceWizard.invoiceRef', values.invoiceRef],
    ['invoiceWizard.invoiceDate', formatDate(values.invoiceDate, i18n.language)],
  ];
  const figures: [string, string, string | undefined][] = [
    ['invoiceWizard.totalAmount', totals.amount, totals.amountUsd],
    ['invoiceWizard.totalVat', totals.vat, totals.vatUsd],
    ['invoiceWizard.total', totals.total, totals.totalUsd],
  ];
  return (
    <Paper sx={{ p: 2 }} data-testid="invoice-summary">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        }}
      >
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box
          component="table"
          sx={{ borderCollapse: 'collapse', alignSelf: 'start', '& td, & th': { px: 1, py: 0.5 } }}
        >
          <thead>
            <tr>
              <Box component="th" />
              <Box component="th" sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {values.currency}
                </Typography>
              </Box>
              <Box component="th" sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('invoiceWizard.inUsd')}
                </Typography>
              </Box>
            </tr>
          </thead>
          <tbody>
            {figures.map(([label, value, usd]) => (
              <tr key={label}>
                <td>
                  <Typography variant="body2">{t(label)}</Typography>
                </td>
                <Box
                  component="td"
                  sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`${label.split('.')[1]}-value`}
                >
                  <Typography variant="body2">{money(value, values.currency)}</Typography>
                </Box>
                <Box
                  component="td"
                  sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`${label.split('.')[1]}-usd`}
                >
                  <Typography variant="body2">{money(usd, 'USD')}</Typography>
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {rate.isError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {errorMessage(t, rate.error)}
        </Alert>
      )}
    </Paper>
  );
}

function DuplicatesDialog(props: {
  duplicates: Duplicate[] | undefined;
  invoiceRef: string;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The same supplier and number as a live paid invoice: the database refuses it
  // (DuplicateInvoice), so it is said here at once and not offered.
  const number = props.invoiceRef.trim().toLowerCase();
  const paid = (props.duplicates ?? []).find(
    (invoice) =>
      invoice.status === 'paid' &&
      !invoice.isDeleted &&
      invoice.invoiceRef.trim().toLowerCase() === number,
  );
  return (
    <Dialog open={Boolean(props.duplicates)} onClose={props.onBack} maxWidth="sm" fullWidth>
      <DialogTitle>{t('invoiceWizard.duplicatesTitle')}</DialogTitle>
      <DialogContent data-testid="duplicates-dialog">
        {paid && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="paid-duplicate">
            {t('errors.codes.DuplicateInvoice', {
              invoiceRef: paid.invoiceRef,
              invoiceDate: formatDate(paid.invoiceDate, i18n.language),
              invoiceId: paid.id,
            })}
          </Alert>
        )}
        <Typography variant="body2">{t('invoiceWizard.duplicatesText')}</Typography>
        <List dense>
          {(props.duplicates ?? []).map((invoice) => (
            <ListItem key={invoice.id} disableGutters>
              <ListItemText
                primary={
                  <MuiLink component={Link} to={`/invoices/${invoice.id}`} target="_blank">
                    {t('invoiceWizard.duplicate', {
                      id: invoice.id,
                      ref: invoice.invoiceRef,
                    })}
                  </MuiLink>
                }
                secondary={[
                  formatDate(invoice.invoiceDate, i18n.language),
                  formatMoney(invoice.amountWVat, i18n.language, invoice.currency),
                  t(`statuses.${invoice.status}`),
                  invoice.isDeleted ? t('invoiceWizard.archived') : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onBack} data-testid="duplicates-back">
          {t('invoiceWizard.duplicatesBack')}
        </Button>
        {!paid && (
          <Button variant="contained" onClick={props.onContinue} data-testid="duplicates-continue">
            {t('invoiceWizard.duplicatesContinue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

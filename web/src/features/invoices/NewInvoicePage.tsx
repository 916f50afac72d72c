import {
  Alert,
  Box,
  Button,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { useDraft } from '../../components/form/drafts.ts';
import { DraftNotice } from '../../components/form/DraftNotice.tsx';
import { FileDropZone } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import { searchLabels } from '../../components/form/search-labels.ts';
import type { SearchOption } from '../../components/form/search/sources.ts';
import { useInvoiceSave } from './wizard/use-invoice-save.ts';
import { DraftKeeper } from '../../components/form/DraftKeeper.tsx';
import { CostsStep } from './wizard/CostsStep.tsx';
import { DuplicatesDialog } from './wizard/DuplicatesDialog.tsx';
import { InvoiceCreated } from './wizard/InvoiceCreated.tsx';
import {
  continueCostKeys,
  costsSchema,
  emptyValues,
  setupSchema,
  STEPS,
  type WizardValues,
} from './wizard/invoice-wizard-model.ts';
import { SetupStep } from './wizard/SetupStep.tsx';

/** What the browser keeps of the wizard until the invoice is created or the draft discarded. */
interface InvoiceDraft {
  values: WizardValues;
  step: number;
  labels: Record<string, SearchOption>;
}

/**
 * The invoice wizard (SPEC §2): setup → costs → files, then the invoice with its costs and files in
 * one call. Uploads follow the one failure policy of useUploads; what was typed is kept as a draft
 * in the browser, and leaving with changes asks first.
 */
export default function NewInvoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft<InvoiceDraft>('invoice-wizard');
  const [step, setStep] = useState(draft.restored?.data.step ?? 0);
  const [labels, setLabels] = useState(() => draft.restored?.data.labels ?? {});
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [created, setCreated] = useState<number>();
  const [formKey, setFormKey] = useState(0);
  const { save, checkThenSave, failure, saving, duplicates, setDuplicates, uploads, reset } =
    useInvoiceSave({
      files,
      setFiles,
      onCreated: (id) => {
        draft.clear();
        setCreated(id);
        setStep(3);
      },
    });
  const [initialValues] = useState(() => {
    const restored = draft.restored?.data.values;
    if (restored) continueCostKeys(restored.costs);
    return restored ?? emptyValues();
  });

  const onSubmit = async (values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (step < 2) {
      setStep(step + 1);
      await helpers.setTouched({}, false);
      return;
    }
    await checkThenSave(values);
  };

  const startAgain = () => {
    draft.clear();
    reset();
    setStep(0);
    setFiles([]);
    setLabels({});
    setCreated(undefined);
    setFormKey((key) => key + 1);
  };

  if (step === 3 && created !== undefined) {
    return <InvoiceCreated id={created} onAnother={startAgain} />;
  }

  const kept = uploads.isKept(files);
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
      <DraftNotice draft={draft.restored} onDiscard={startAgain} />
      <Formik<WizardValues>
        key={formKey}
        initialValues={formKey === 0 ? initialValues : emptyValues()}
        validationSchema={step === 0 ? setupSchema : costsSchema}
        onSubmit={onSubmit}
      >
        {(form) => (
          <Form noValidate data-testid="invoice-wizard">
            <DraftKeeper
              draft={{ values: form.values, step, labels }}
              changed={created === undefined && (form.dirty || files.length > 0)}
              save={draft.save}
            />
            {/* Every step stays mounted, so the search fields keep the names they show. */}
            <Box hidden={step !== 0}>
              <SetupStep labels={searchLabels(labels, setLabels)} />
            </Box>
            <Box hidden={step !== 1}>
              <CostsStep active={step === 1} labels={searchLabels(labels, setLabels)} />
            </Box>
            <Box hidden={step !== 2}>
              <Paper sx={{ p: 2 }}>
                <Typography variant="subtitle1" sx={{ mb: 1 }}>
                  {t('invoiceWizard.filesHint')}
                </Typography>
                <FileDropZone
                  files={files}
                  onChange={setFiles}
                  disabled={Boolean(saving) || kept}
                  testId="invoice-files"
                />
                {kept && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('invoiceWizard.uploaded', { count: files.length })}
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
              <Box sx={{ flexGrow: 1 }} />
              <Button
                onClick={() => {
                  // Cancel discards: the draft goes, and leaving asks nothing.
                  startAgain();
                  setTimeout(() => void navigate('/invoices'));
                }}
                data-testid="wizard-cancel"
              >
                {t('common.cancel')}
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

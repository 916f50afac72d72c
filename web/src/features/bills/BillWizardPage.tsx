import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateBillDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { useDraft } from '../../components/form/drafts.ts';
import { searchLabels } from '../../components/form/search-labels.ts';
import { DraftNotice } from '../../components/form/DraftNotice.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import type { SearchOption } from '../../components/form/search/sources.ts';
import { useUploads } from '../../components/form/use-uploads.ts';
import { Step, StepLabel, Stepper } from '@mui/material';
import {
  costsSchema,
  INITIAL,
  setupSchema,
  STEPS,
  waiting,
  type Cost,
  type Progress,
  type ProgressState,
  type WizardValues,
} from './wizard/bill-wizard-model.ts';
import { CostsStep } from './wizard/CostsStep.tsx';
import { FilesStep } from './wizard/FilesStep.tsx';
import { DraftKeeper } from '../../components/form/DraftKeeper.tsx';
import { ProgressView } from './wizard/ProgressView.tsx';
import { SetupStep } from './wizard/SetupStep.tsx';

/** What the browser keeps of the wizard until the bill is created or the draft discarded. */
interface BillDraft {
  values: WizardValues;
  selected: Cost[];
  step: number;
  labels: Record<string, SearchOption>;
}

/**
 * The bill wizard (SPEC §2, §4): setup → select costs → files and act → progress (upload
 * attachments, upload act, create bill, update costs, created) → create another or show the bill.
 * The bill, its costs and its files are written in one call, so a failure leaves no half-made
 * bill; uploads follow the one failure policy of useUploads. What was typed is kept as a draft in
 * the browser, and leaving with changes asks first.
 */
export default function BillWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft<BillDraft>('bill-wizard');
  const [step, setStep] = useState(draft.restored?.data.step ?? 0);
  const [selected, setSelected] = useState<Map<number, Cost>>(
    () => new Map((draft.restored?.data.selected ?? []).map((cost) => [cost.id, cost])),
  );
  const [labels, setLabels] = useState<Record<string, SearchOption>>(
    () => draft.restored?.data.labels ?? {},
  );
  const [attachments, setAttachments] = useState<PickedFile[]>([]);
  const [act, setAct] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<ProgressState>();
  const [failure, setFailure] = useState<{ step: Progress; error: unknown }>();
  const [created, setCreated] = useState<{ id: number; name: string }>();
  const [formKey, setFormKey] = useState(0);
  const create = useGraphQLMutation(CreateBillDocument, ['Bill', 'Cost', 'File']);
  const uploads = useUploads();

  const restart = () => {
    draft.clear();
    uploads.forget();
    setStep(0);
    setSelected(new Map());
    setLabels({});
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
    let current: Progress = 'uploadAttachments';
    try {
      mark('uploadAttachments', attachments.length ? 'running' : 'skipped');
      const fileIds = await uploads.upload(attachments, setAttachments);
      if (attachments.length) mark('uploadAttachments', 'done');
      current = 'uploadAct';
      mark('uploadAct', act.length ? 'running' : 'skipped');
      const [actId] = await uploads.upload(act, setAct);
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
      uploads.forget();
      draft.clear();
      mark('createBill', 'done');
      mark('updateCosts', 'done');
      mark('created', 'done');
      const id = result.createBillWithCosts?.result?.id;
      if (id !== undefined) setCreated({ id, name: values.name.trim() });
    } catch (error) {
      // A refusal deletes the uploads first, so the message is shown once nothing is left behind.
      await uploads.failed(error);
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
      <DraftNotice draft={draft.restored} onDiscard={restart} />
      <Formik<WizardValues>
        key={formKey}
        initialValues={formKey === 0 && draft.restored ? draft.restored.data.values : INITIAL}
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
        {({ values, isSubmitting, dirty }) => (
          <Form noValidate data-testid="bill-wizard">
            <DraftKeeper
              draft={{ values, selected: [...selected.values()], step, labels }}
              changed={
                !created && (dirty || selected.size > 0 || attachments.length + act.length > 0)
              }
              save={draft.save}
            />
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
                onShow={() => created && void navigate(`/bills/${created.id}`)}
              />
            ) : (
              <Paper sx={{ p: 3 }}>
                {step === 0 && <SetupStep labels={searchLabels(labels, setLabels)} />}
                {step === 1 && (
                  <CostsStep
                    values={values}
                    selected={selected}
                    onSelected={setSelected}
                    labels={searchLabels(labels, setLabels)}
                  />
                )}
                {step === 2 && (
                  <FilesStep
                    attachments={attachments}
                    act={act}
                    onAttachments={setAttachments}
                    onAct={setAct}
                  />
                )}
                <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
                  <Button
                    onClick={() => {
                      // Cancel discards: the draft goes, and leaving asks nothing.
                      restart();
                      setTimeout(() => void navigate('/bills'));
                    }}
                    data-testid="wizard-cancel"
                  >
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
                    {step < STEPS.length - 1 ? t('invoiceWizard.next') : t('bills.wizard.create')}
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

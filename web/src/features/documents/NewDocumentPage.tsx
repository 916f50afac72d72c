import { ArrowBack } from '@mui/icons-material';
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
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import {
  AddDocumentFilesDocument,
  CreateDocumentDocument,
  DocumentDetailsDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import { DocumentFields } from './DocumentFields.tsx';
import { TypeStep } from './DocumentTypeStep.tsx';
import {
  documentInput,
  documentSchema,
  emptyDocument,
  selectedOf,
  type DocumentFormValues,
} from './document-values.ts';
import { useSaveAccess } from './use-save-access.ts';
import { WizardCreated } from '../../components/WizardCreated.tsx';
import { recordLink } from '../../components/record-link.ts';

const STEPS = ['resources.fields.type', 'documents.wizard.setup', 'documents.fileCount'];

/**
 * Document creation wizard (SPEC §2): choose the type, set it up, attach files, created. Opened
 * from a contract (`?parent=id`), an amendment or order starts under it with its parties.
 */
export default function NewDocumentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parentId = params.get('parent') ?? '';
  const parent = useGraphQLQuery(
    DocumentDetailsDocument,
    { id: parentId },
    { reads: ['Document'] },
    { enabled: Boolean(parentId) },
  );
  const create = useGraphQLMutation(CreateDocumentDocument, ['Document']);
  const attach = useGraphQLMutation(AddDocumentFilesDocument, ['Document', 'File']);
  const saveAccess = useSaveAccess();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [created, setCreated] = useState<{ id: string; filesFailed?: unknown }>();
  const [round, setRound] = useState(0);

  if (parentId && parent.isPending) return null;
  const source = parent.data?.documentById ?? undefined;
  const initial: DocumentFormValues = source
    ? {
        ...emptyDocument(),
        contractReference: source.id,
        contractorId: source.contractorId ?? '',
        principalId: source.principalId ?? '',
        clientId: source.clientId ?? '',
        serviceId: source.serviceId ?? '',
        currency: source.currency ?? '',
      }
    : emptyDocument();
  const selected = source ? { ...selectedOf(source) } : undefined;

  const finish = async (values: DocumentFormValues) => {
    setBusy(true);
    setFailure(undefined);
    let id: string | undefined;
    try {
      const result = await create.mutateAsync({ document: documentInput(values) });
      id = result.createDocument?.document?.id;
      if (!id) throw new Error('No data received');
      await saveAccess(id, { readers: [], editors: [] }, values);
      if (files.length) {
        const fileIds = await uploadPicked(files, setFiles);
        await attach.mutateAsync({ id, fileIds });
      }
      setCreated({ id });
    } catch (error) {
      // The document exists but its files did not make it: say so and link to it.
      if (id) setCreated({ id, filesFailed: error });
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setCreated(undefined);
    setFiles([]);
    setStep(0);
    setRound((n) => n + 1);
  };

  return (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Button component={RouterLink} to="/documents" startIcon={<ArrowBack />}>
          {t('documents.backToList')}
        </Button>
      </Stack>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('titles.newDocument')}
      </Typography>
      {created ? (
        <WizardCreated
          created="documents.wizard.created"
          laterStepFailed="documents.wizard.filesFailed"
          show="documents.wizard.show"
          to={recordLink('document', created.id)}
          testId="document-created"
          showTestId="show-document"
          failure={created.filesFailed}
          onAnother={restart}
        />
      ) : (
        <Formik<DocumentFormValues>
          key={round}
          initialValues={initial}
          validationSchema={documentSchema}
          // Enter or Next on the setup step goes on to the files; only the last step creates.
          onSubmit={(values) => (step === 2 ? finish(values) : setStep(2))}
        >
          {(form) => (
            <Form noValidate data-testid="document-wizard">
              <Stepper activeStep={step} sx={{ mb: 3 }}>
                {STEPS.map((label) => (
                  <Step key={label}>
                    <StepLabel>{t(label)}</StepLabel>
                  </Step>
                ))}
              </Stepper>
              {step === 0 && (
                <TypeStep form={form} underParent={Boolean(source)} onChosen={() => setStep(1)} />
              )}
              {step === 1 && (
                <Paper sx={{ p: 3 }}>
                  <DocumentFields selected={selected} />
                </Paper>
              )}
              {step === 2 && (
                <Paper sx={{ p: 3 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {t('documents.wizard.filesHelp')}
                  </Typography>
                  <FileDropZone
                    files={files}
                    onChange={setFiles}
                    disabled={busy}
                    testId="document-drop-zone"
                  />
                </Paper>
              )}
              {failure !== undefined && (
                <Alert severity="error" sx={{ mt: 2 }} data-testid="save-error">
                  {errorMessage(t, failure)}
                </Alert>
              )}
              {step > 0 && (
                <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
                  <Button onClick={() => setStep(step - 1)} disabled={busy}>
                    {t('invoiceWizard.back')}
                  </Button>
                  {step === 1 ? (
                    <Button key="next" type="submit" variant="contained" data-testid="next">
                      {t('invoiceWizard.next')}
                    </Button>
                  ) : (
                    <Button
                      key="create"
                      type="submit"
                      variant="contained"
                      disabled={busy}
                      data-testid="create"
                    >
                      {t('documents.wizard.create')}
                    </Button>
                  )}
                </Stack>
              )}
            </Form>
          )}
        </Formik>
      )}
    </Box>
  );
}

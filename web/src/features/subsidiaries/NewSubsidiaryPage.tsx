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
import { Link as RouterLink } from 'react-router';
import { api } from '../../app/services.ts';
import { errorMessage } from '../../api/errors.ts';
import {
  CreateDocumentDocument,
  CreateSubsidiaryDocument,
  LinkSubsidiaryDocumentDocument,
  SimilarCompaniesDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { CountryInput } from '../../components/form/CountryInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { LinkedDocumentStep } from './LinkedDocumentStep.tsx';
import { SimilarCompaniesDialog } from '../../components/SimilarCompaniesDialog.tsx';
import { WizardCreated } from '../../components/WizardCreated.tsx';
import { INITIAL, schemas, STEPS, type Similar, type Values } from './subsidiary-wizard.ts';

/**
 * Subsidiary creation wizard (SPEC §2): the company (legal and short name, country), checked for
 * a similar existing company first; then its linked document, created with the subsidiary as its
 * principal; then created.
 */
export default function NewSubsidiaryPage() {
  const { t } = useTranslation();
  const createSubsidiary = useGraphQLMutation(CreateSubsidiaryDocument, ['Company']);
  const createDocument = useGraphQLMutation(CreateDocumentDocument, ['Document']);
  const link = useGraphQLMutation(LinkSubsidiaryDocumentDocument, ['Company', 'Document']);
  const [step, setStep] = useState(0);
  const [similar, setSimilar] = useState<Similar[]>();
  const [canceled, setCanceled] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [created, setCreated] = useState<{ id: string; documentFailed?: unknown }>();
  const [round, setRound] = useState(0);

  const finish = async (values: Values) => {
    setFailure(undefined);
    let id: string | undefined;
    try {
      const result = await createSubsidiary.mutateAsync({
        legalName: values.legalName.trim(),
        shortName: values.shortName.trim() || null,
        country: values.country.trim(),
      });
      id = result.createSubsidiary?.subsidiary?.id;
      if (!id) throw new Error('No data received');
      if (values.withDocument === 'create') {
        const doc = await createDocument.mutateAsync({
          document: {
            name: values.documentName.trim(),
            type: values.documentType,
            principalId: id,
            contractorId: values.contractorId || null,
            signingDate: values.signingDate || null,
            expirationDate: values.expirationDate || null,
          },
        });
        const documentId = doc.createDocument?.document?.id;
        if (!documentId) throw new Error('No data received');
        await link.mutateAsync({ id, documentId });
      }
      setCreated({ id });
    } catch (error) {
      if (id) setCreated({ id, documentFailed: error });
      else setFailure(error);
    }
  };

  /** Step 1 → 2: a similar company asks for confirmation first (SPEC §5). */
  const checkSimilar = async (values: Values) => {
    setCanceled(false);
    setFailure(undefined);
    try {
      const result = await api.request(SimilarCompaniesDocument, { name: values.legalName.trim() });
      const found = (result.similarCompanies?.nodes ?? []).filter((n): n is Similar => n !== null);
      if (found.length) setSimilar(found);
      else setStep(1);
    } catch (error) {
      setFailure(error);
    }
  };

  if (created) {
    return (
      <Box sx={{ p: 3, maxWidth: 900 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('titles.newSubsidiary')}
        </Typography>
        <WizardCreated
          created="subsidiaries.wizard.created"
          laterStepFailed="subsidiaries.wizard.documentFailed"
          show="subsidiaries.wizard.show"
          to={`/subsidiaries/${created.id}`}
          testId="subsidiary-created"
          showTestId="show-subsidiary"
          failure={created.documentFailed}
          onAnother={() => {
            setCreated(undefined);
            setStep(0);
            setRound((n) => n + 1);
          }}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('titles.newSubsidiary')}
      </Typography>
      <Formik<Values>
        key={round}
        initialValues={INITIAL}
        validationSchema={schemas[step]}
        onSubmit={(values) => (step === 0 ? checkSimilar(values) : finish(values))}
      >
        {(form) => (
          <Form noValidate data-testid="subsidiary-wizard">
            <Stepper activeStep={step} sx={{ mb: 3 }}>
              {STEPS.map((label) => (
                <Step key={label}>
                  <StepLabel>{t(label)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            <Paper sx={{ p: 3 }}>
              {step === 0 ? (
                <Stack spacing={2}>
                  <TextInput name="legalName" label="resources.fields.legal_name" required />
                  <TextInput name="shortName" label="resources.fields.short_name" />
                  <CountryInput name="country" label="resources.countries.name" required />
                </Stack>
              ) : (
                <LinkedDocumentStep />
              )}
            </Paper>
            {canceled && (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="creation-canceled">
                {t('errors.codes.CompanyCreationCanceled')}
              </Alert>
            )}
            {failure !== undefined && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="save-error">
                {errorMessage(t, failure)}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
              {step === 0 ? (
                <Button component={RouterLink} to="/documents" startIcon={<ArrowBack />}>
                  {t('common.cancel')}
                </Button>
              ) : (
                <Button onClick={() => setStep(0)} disabled={form.isSubmitting}>
                  {t('invoiceWizard.back')}
                </Button>
              )}
              <Button
                key={step}
                type="submit"
                variant="contained"
                disabled={form.isSubmitting}
                data-testid={step === 0 ? 'next' : 'create'}
              >
                {t(step === 0 ? 'invoiceWizard.next' : 'documents.wizard.create')}
              </Button>
            </Stack>
            <SimilarCompaniesDialog
              similar={similar}
              question="subsidiaries.similar.text"
              onCancel={() => {
                setSimilar(undefined);
                setCanceled(true);
              }}
              onContinue={() => {
                setSimilar(undefined);
                setStep(1);
              }}
            />
          </Form>
        )}
      </Formik>
    </Box>
  );
}

import { ArrowBack, CheckCircle } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Paper,
  Radio,
  RadioGroup,
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
import * as yup from 'yup';
import { api } from '../../app/services.ts';
import { errorMessage } from '../../api/errors.ts';
import {
  CreateDocumentDocument,
  CreateSubsidiaryDocument,
  LinkSubsidiaryDocumentDocument,
  SimilarCompaniesDocument,
  type DocumentType,
  type SimilarCompaniesQuery,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { CountryInput } from '../../components/form/CountryInput.tsx';
import { DateInput, SelectInput, TextInput } from '../../components/form/fields.tsx';
import { dateRule, notBeforeRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { DOCUMENT_TYPES } from '../documents/filters.ts';

interface Values {
  legalName: string;
  shortName: string;
  country: string;
  withDocument: 'create' | 'skip';
  documentName: string;
  documentType: DocumentType;
  contractorId: string;
  signingDate: string;
  expirationDate: string;
}

const INITIAL: Values = {
  legalName: '',
  shortName: '',
  country: '',
  withDocument: 'create',
  documentName: '',
  documentType: 'Contract',
  contractorId: '',
  signingDate: '',
  expirationDate: '',
};

const STEPS = ['subsidiaries.wizard.company', 'subsidiaries.wizard.document'];

/** SPEC §5: name and country required; the linked document's name when one is created. */
const schemas = [
  yup.object({
    legalName: yup.string().trim().required('validation.required'),
    country: yup.string().trim().required('validation.required'),
  }),
  yup.object({
    documentName: yup.string().when('withDocument', {
      is: 'create',
      then: (rule) => rule.trim().required('validation.required'),
    }),
    signingDate: dateRule(),
    expirationDate: notBeforeRule('signingDate', 'validation.expirationBeforeSigning'),
  }),
];

type Similar = NonNullable<SimilarCompaniesQuery['similarCompanies']>['nodes'][number] & object;

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
        <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="subsidiary-created">
          <CheckCircle color="success" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p" sx={{ my: 2 }}>
            {t('subsidiaries.wizard.created')}
          </Typography>
          {created.documentFailed !== undefined && (
            <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
              {t('subsidiaries.wizard.documentFailed')}: {errorMessage(t, created.documentFailed)}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
            <Button
              onClick={() => {
                setCreated(undefined);
                setStep(0);
                setRound((n) => n + 1);
              }}
              data-testid="create-another"
            >
              {t('subsidiaries.wizard.another')}
            </Button>
            <Button
              variant="contained"
              component={RouterLink}
              to={`/subsidiaries/${created.id}`}
              data-testid="show-subsidiary"
            >
              {t('subsidiaries.wizard.show')}
            </Button>
          </Stack>
        </Paper>
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
                  <TextInput name="legalName" label="subsidiaries.legalName" required />
                  <TextInput name="shortName" label="subsidiaries.shortName" />
                  <CountryInput name="country" label="subsidiaries.country" required />
                </Stack>
              ) : (
                <Stack spacing={2}>
                  <Typography variant="body2" color="text.secondary">
                    {t('subsidiaries.wizard.documentHelp')}
                  </Typography>
                  <RadioGroup
                    row
                    name="withDocument"
                    value={form.values.withDocument}
                    onChange={(e) => void form.setFieldValue('withDocument', e.target.value)}
                  >
                    <FormControlLabel
                      value="create"
                      control={<Radio />}
                      label={t('subsidiaries.wizard.createDocument')}
                    />
                    <FormControlLabel
                      value="skip"
                      control={<Radio />}
                      label={t('subsidiaries.wizard.skipDocument')}
                      data-testid="skip-document"
                    />
                  </RadioGroup>
                  {form.values.withDocument === 'create' && (
                    <Box
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                        gap: 2,
                      }}
                    >
                      <TextInput name="documentName" label="documents.name" required />
                      <SelectInput
                        name="documentType"
                        label="documents.type"
                        options={DOCUMENT_TYPES.map((type) => ({
                          value: type,
                          label: `documents.types.${type}`,
                        }))}
                      />
                      <SearchInput
                        name="contractorId"
                        label="documents.contractor"
                        kind="supplier"
                      />
                      <Box />
                      <DateInput name="signingDate" label="documents.signingDate" />
                      <DateInput
                        name="expirationDate"
                        label="documents.expirationDate"
                        min={form.values.signingDate || undefined}
                      />
                    </Box>
                  )}
                </Stack>
              )}
            </Paper>
            {canceled && (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="creation-canceled">
                {t('subsidiaries.wizard.canceled')}
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
                  {t('documents.wizard.back')}
                </Button>
              )}
              <Button
                key={step}
                type="submit"
                variant="contained"
                disabled={form.isSubmitting}
                data-testid={step === 0 ? 'next' : 'create'}
              >
                {t(step === 0 ? 'documents.wizard.next' : 'documents.wizard.create')}
              </Button>
            </Stack>
            <Dialog open={similar !== undefined} onClose={() => setSimilar(undefined)}>
              <DialogTitle>{t('subsidiaries.similar.title')}</DialogTitle>
              <DialogContent>
                <DialogContentText>{t('subsidiaries.similar.text')}</DialogContentText>
                <List dense data-testid="similar-companies">
                  {(similar ?? []).map((company) => (
                    <ListItem key={`${company.type}-${company.id}`}>
                      <ListItemText
                        primary={company.legalName}
                        secondary={t(`subsidiaries.similar.kinds.${company.type}`, {
                          defaultValue: company.type,
                        })}
                      />
                    </ListItem>
                  ))}
                </List>
              </DialogContent>
              <DialogActions>
                <Button
                  onClick={() => {
                    setSimilar(undefined);
                    setCanceled(true);
                  }}
                  data-testid="similar-cancel"
                >
                  {t('common.cancel')}
                </Button>
                <Button
                  variant="contained"
                  onClick={() => {
                    setSimilar(undefined);
                    setStep(1);
                  }}
                  data-testid="similar-continue"
                >
                  {t('subsidiaries.similar.continue')}
                </Button>
              </DialogActions>
            </Dialog>
          </Form>
        )}
      </Formik>
    </Box>
  );
}

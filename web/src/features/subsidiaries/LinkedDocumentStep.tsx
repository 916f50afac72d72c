import { Box, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/form/DateInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { DOCUMENT_TYPES } from '../documents/document-filters.ts';
import type { Values } from './subsidiary-wizard.ts';

/** The second step: the linked document, created with the subsidiary as principal, or skipped. */
export function LinkedDocumentStep() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('subsidiaries.wizard.documentHelp')}
      </Typography>
      <RadioGroup
        row
        name="withDocument"
        value={values.withDocument}
        onChange={(e) => void setFieldValue('withDocument', e.target.value)}
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
      {values.withDocument === 'create' && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            gap: 2,
          }}
        >
          <TextInput name="documentName" label="resources.fields.name" required />
          <SelectInput
            name="documentType"
            label="resources.fields.type"
            options={DOCUMENT_TYPES.map((type) => ({
              value: type,
              label: `documents.types.${type}`,
            }))}
          />
          <SearchInput
            name="contractorId"
            label="resources.documents.fields.contractor_id"
            kind="supplier"
          />
          <Box />
          <DateInput name="signingDate" label="resources.documents.fields.signing_date" />
          <DateInput
            name="expirationDate"
            label="resources.documents.fields.expiration_date"
            min={values.signingDate || undefined}
          />
        </Box>
      )}
    </Stack>
  );
}

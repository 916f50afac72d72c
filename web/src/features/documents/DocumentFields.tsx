import { Box, Stack, Typography } from '@mui/material';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../../components/form/CheckboxInput.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import { HAS_PARENT, type DocumentFormValues, type selectedOf } from './document-values.ts';
import { ParentField } from './ParentField.tsx';
import { PeopleField } from './PeopleField.tsx';

/** The fields of a document (SPEC §2 document setup), in a formik form of DocumentFormValues. */
export function DocumentFields(props: {
  selected?: ReturnType<typeof selectedOf>;
  /** The document itself, which cannot be its own parent. */
  documentId?: string;
  /** Who reads and edits it: decided by staff writers only, not by its editors. */
  showAccess?: boolean;
  /** The current parent's name, shown before the candidates are asked for. */
  parentName?: string;
}) {
  const { t } = useTranslation();
  const { values } = useFormikContext<DocumentFormValues>();
  const selected = props.selected;
  const grid = {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
    gap: 2,
  } as const;
  return (
    <Stack spacing={3}>
      <Section title={t('documents.form.main')}>
        <Box sx={grid}>
          <TextInput name="name" label="resources.fields.name" required />
          <TextInput name="email" label="resources.documents.fields.email" type="email" />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput
              name="description"
              label="resources.fields.description"
              multiline
              minRows={2}
            />
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput
              name="comments"
              label="resources.documents.fields.comments"
              multiline
              minRows={2}
            />
          </Box>
        </Box>
      </Section>
      <Section title={t('documents.form.parties')}>
        <Box sx={grid}>
          <SearchInput
            name="contractorId"
            label="resources.documents.fields.contractor_id"
            kind="supplier"
            selected={selected?.contractorId}
          />
          <SearchInput
            name="principalId"
            label="resources.documents.fields.principal_id"
            kind="subsidiary"
            selected={selected?.principalId}
          />
          <SearchInput
            name="clientId"
            label="resources.clients.name"
            kind="client"
            selected={selected?.clientId}
          />
          <SearchInput
            name="serviceId"
            label="resources.services.name"
            kind="service"
            selected={selected?.serviceId}
          />
          {HAS_PARENT.includes(values.type) && (
            <ParentField documentId={props.documentId} parentName={props.parentName} />
          )}
        </Box>
      </Section>
      <Section title={t('documents.form.terms')}>
        <Box sx={grid}>
          <TextInput name="contractNumber" label="resources.documents.fields.contract_number" />
          <DateInput
            name="terminatedOn"
            label="resources.documents.fields.terminated_on"
            min={values.signingDate || undefined}
          />
          <MoneyInput
            name="amount"
            label="resources.fields.amount"
            currency={values.currency || undefined}
          />
          <SearchInput
            name="currency"
            label="resources.currencies.name"
            kind="currency"
            selected={selected?.currency}
          />
          <DateInput name="signingDate" label="resources.documents.fields.signing_date" />
          <DateInput
            name="expirationDate"
            label="resources.documents.fields.expiration_date"
            min={values.signingDate || undefined}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput
              name="expirationConditions"
              label="resources.documents.fields.expiration_conditions"
              multiline
              minRows={2}
            />
          </Box>
          <CheckboxInput
            name="expirationExtendsContract"
            label="documents.extendsContract"
            helper="documents.form.extendsHelp"
          />
        </Box>
      </Section>
      {props.showAccess !== false && (
        <Section title={t('documents.form.access')}>
          <Box sx={grid}>
            <PeopleField list="readers" pick="readerPick" label="documents.readers" />
            <PeopleField list="editors" pick="editorPick" label="documents.editors" />
          </Box>
        </Section>
      )}
    </Stack>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 500 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

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
          <TextInput name="name" label="documents.name" required />
          <TextInput name="email" label="documents.email" type="email" />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput name="description" label="documents.description" multiline minRows={2} />
          </Box>
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput name="comments" label="documents.comments" multiline minRows={2} />
          </Box>
        </Box>
      </Section>
      <Section title={t('documents.form.parties')}>
        <Box sx={grid}>
          <SearchInput
            name="contractorId"
            label="documents.contractor"
            kind="supplier"
            selected={selected?.contractorId}
          />
          <SearchInput
            name="principalId"
            label="documents.principal"
            kind="subsidiary"
            selected={selected?.principalId}
          />
          <SearchInput
            name="clientId"
            label="documents.client"
            kind="client"
            selected={selected?.clientId}
          />
          <SearchInput
            name="serviceId"
            label="documents.service"
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
          <TextInput name="contractNumber" label="documentRegistry.contractNumber" />
          <DateInput
            name="terminatedOn"
            label="documentRegistry.terminatedOn"
            min={values.signingDate || undefined}
          />
          <MoneyInput
            name="amount"
            label="documents.amount"
            currency={values.currency || undefined}
          />
          <SearchInput
            name="currency"
            label="documents.currency"
            kind="currency"
            selected={selected?.currency}
          />
          <DateInput name="signingDate" label="documents.signingDate" />
          <DateInput
            name="expirationDate"
            label="documents.expirationDate"
            min={values.signingDate || undefined}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <TextInput
              name="expirationConditions"
              label="documents.expirationConditions"
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

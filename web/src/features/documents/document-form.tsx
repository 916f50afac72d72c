import { Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useField, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  DocumentParentCandidatesDocument,
  type DocumentInput,
  type DocumentType,
} from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { CheckboxInput, DateInput, MoneyInput, TextInput } from '../../components/form/fields.tsx';
import { amountRule, dateRule, notBeforeRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import type { SearchOption } from '../../components/form/search/sources.ts';
import type { DocumentDetails } from './document-parts.tsx';

export interface Person {
  id: string;
  label: string;
}

/** The fields of a document as the form keeps them: strings ('' = empty), dates 'YYYY-MM-DD'. */
export interface DocumentFormValues {
  type: DocumentType | '';
  name: string;
  description: string;
  comments: string;
  email: string;
  amount: string;
  currency: string;
  signingDate: string;
  expirationDate: string;
  expirationConditions: string;
  expirationExtendsContract: boolean;
  contractorId: string;
  principalId: string;
  clientId: string;
  serviceId: string;
  contractReference: string;
  contractNumber: string;
  terminatedOn: string;
  readers: Person[];
  editors: Person[];
  /** The user being picked in the readers' and editors' search fields. */
  readerPick: string;
  editorPick: string;
}

/** Types that belong to a parent contract (SPEC §2: amendments and orders). */
export const HAS_PARENT: readonly string[] = ['Amendment', 'Order'];

export function emptyDocument(type: DocumentType | '' = ''): DocumentFormValues {
  return {
    type,
    name: '',
    description: '',
    comments: '',
    email: '',
    amount: '',
    currency: '',
    signingDate: '',
    expirationDate: '',
    expirationConditions: '',
    expirationExtendsContract: false,
    contractorId: '',
    principalId: '',
    clientId: '',
    serviceId: '',
    contractReference: '',
    contractNumber: '',
    terminatedOn: '',
    readers: [],
    editors: [],
    readerPick: '',
    editorPick: '',
  };
}

const people = (
  nodes: ({
    userId: string;
    user: { displayName?: string | null; firstName: string; lastName: string } | null;
  } | null)[],
) =>
  nodes
    .filter((node) => node !== null)
    .map((node) => ({
      id: node.userId,
      label: node.user ? `${node.user.firstName} ${node.user.lastName}` : node.userId,
    }));

export function documentValues(doc: DocumentDetails): DocumentFormValues {
  return {
    ...emptyDocument(doc.type),
    name: doc.name,
    description: doc.description ?? '',
    comments: doc.comments ?? '',
    email: doc.email ?? '',
    amount: doc.amount ?? '',
    currency: doc.currency ?? '',
    signingDate: doc.signingDate ?? '',
    expirationDate: doc.expirationDate ?? '',
    expirationConditions: doc.expirationConditions ?? '',
    expirationExtendsContract: doc.expirationExtendsContract,
    contractorId: doc.contractorId ?? '',
    principalId: doc.principalId ?? '',
    clientId: doc.clientId ?? '',
    serviceId: doc.serviceId ?? '',
    contractReference: doc.parent?.id ?? '',
    contractNumber: doc.contractNumber ?? '',
    terminatedOn: doc.terminatedOn ?? '',
    readers: people(doc.documentReaders.nodes),
    editors: people(doc.documentEditors.nodes),
  };
}

/** The labels of the chosen parties, so the search fields show them without asking. */
export function selectedOf(doc: DocumentDetails | undefined) {
  const option = (value: string | undefined, label: string | undefined): SearchOption | null =>
    value && label ? { value, label } : null;
  return {
    contractorId: option(doc?.contractor?.id, doc?.contractor?.legalName),
    principalId: option(doc?.principal?.id, doc?.principal?.legalName),
    clientId: option(doc?.client?.id, doc?.client?.legalName),
    serviceId: option(doc?.service?.id, doc?.service?.name),
    currency: option(doc?.currency ?? undefined, doc?.currency ?? undefined),
  };
}

/** SPEC §5 and the database's rules, repeated for a quick message (the database decides). */
export const documentSchema = yup.object({
  type: yup.string().required('validation.required'),
  name: yup.string().trim().required('validation.required'),
  email: yup.string().trim().email('documents.validation.email'),
  amount: yup
    .string()
    .test(
      'amount',
      'validation.amountPositive',
      (value) => !value || amountRule().isValidSync(value),
    ),
  currency: yup.string().when('amount', {
    is: (amount: string | undefined) => Boolean(amount),
    then: (rule) => rule.required('documents.validation.currencyWithAmount'),
  }),
  signingDate: dateRule(),
  expirationDate: notBeforeRule('signingDate', 'validation.expirationBeforeSigning'),
  terminatedOn: notBeforeRule('signingDate', 'errors.codes.TerminationBeforeSigning'),
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** editDocument's data: column names, null clears. */
export function documentData(values: DocumentFormValues): Record<string, unknown> {
  return {
    type: values.type,
    name: values.name.trim(),
    description: orNull(values.description),
    comments: orNull(values.comments),
    email: orNull(values.email),
    amount: orNull(values.amount),
    currency: orNull(values.currency),
    signing_date: orNull(values.signingDate),
    expiration_date: orNull(values.expirationDate),
    expiration_conditions: orNull(values.expirationConditions),
    expiration_extends_contract: values.expirationExtendsContract,
    contractor_id: orNull(values.contractorId),
    principal_id: orNull(values.principalId),
    client_id: orNull(values.clientId),
    service_id: orNull(values.serviceId),
    contract_reference: HAS_PARENT.includes(values.type) ? orNull(values.contractReference) : null,
    contract_number: orNull(values.contractNumber),
    terminated_on: orNull(values.terminatedOn),
  };
}

/** editDocument's data with only what the user changed: a save never rewrites (and so never
 *  moves) what the form merely showed. */
export function changedDocumentData(
  initial: DocumentFormValues,
  values: DocumentFormValues,
): Record<string, unknown> {
  const before = documentData(initial);
  return Object.fromEntries(
    Object.entries(documentData(values)).filter(([key, value]) => before[key] !== value),
  );
}

/** createDocument's input. */
export function documentInput(values: DocumentFormValues): DocumentInput {
  return {
    type: values.type as DocumentType,
    name: values.name.trim(),
    description: orNull(values.description),
    comments: orNull(values.comments),
    email: orNull(values.email),
    amount: orNull(values.amount),
    currency: orNull(values.currency),
    signingDate: orNull(values.signingDate),
    expirationDate: orNull(values.expirationDate),
    expirationConditions: orNull(values.expirationConditions),
    expirationExtendsContract: values.expirationExtendsContract,
    contractorId: orNull(values.contractorId),
    principalId: orNull(values.principalId),
    clientId: orNull(values.clientId),
    serviceId: orNull(values.serviceId),
    contractReference: HAS_PARENT.includes(values.type) ? orNull(values.contractReference) : null,
    contractNumber: orNull(values.contractNumber),
    terminatedOn: orNull(values.terminatedOn),
  };
}

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

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 500 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

interface ParentOption {
  id: string;
  name: string;
  contractNumber?: string | null;
  contractor?: { legalName: string } | null;
}

/**
 * The parent of an amendment or an order: searched among the documents it may be under (the
 * database's document_parent_candidates: a live contract of the same contractor and principal),
 * each shown with its number and contractor.
 */
function ParentField(props: { documentId?: string; parentName?: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<DocumentFormValues>();
  const [field, meta, helpers] = useField<string>('contractReference');
  const [typed, setTyped] = useState('');
  const candidates = useGraphQLQuery(
    DocumentParentCandidatesDocument,
    {
      childType: values.type,
      contractorId: values.contractorId || null,
      principalId: values.principalId || null,
      search: typed.trim() || null,
      documentId: props.documentId ?? null,
    },
    { reads: ['Document'] },
    { placeholderData: keepPreviousData },
  );
  const options = (candidates.data?.documentParentCandidates?.nodes ?? []).filter(
    (node): node is NonNullable<typeof node> => node !== null,
  ) as ParentOption[];
  const value: ParentOption | null = field.value
    ? (options.find((option) => option.id === field.value) ?? {
        id: field.value,
        name: props.parentName ?? field.value,
      })
    : null;
  const label = (option: ParentOption) =>
    [option.name, option.contractNumber && `№ ${option.contractNumber}`]
      .filter(Boolean)
      .join(' · ');
  return (
    <Autocomplete<ParentOption>
      options={options}
      value={value}
      filterOptions={(list) => list}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={label}
      onInputChange={(_event, text, reason) => reason === 'input' && setTyped(text)}
      onChange={(_event, option) => {
        setTyped('');
        void helpers.setValue(option?.id ?? '');
      }}
      noOptionsText={t('documentHierarchy.noParentCandidates')}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{label(option)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {option.contractor?.legalName ?? t('documentHierarchy.noContractor')}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('documents.parent')}
          error={Boolean(meta.touched && meta.error)}
          helperText={t('documentHierarchy.parentHelp')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'parent-select' },
          }}
        />
      )}
      fullWidth
    />
  );
}

/** Readers or editors: picked one by one with the users search, shown as removable chips. */
function PeopleField(props: {
  list: 'readers' | 'editors';
  pick: 'readerPick' | 'editorPick';
  label: string;
}) {
  const { t } = useTranslation();
  const [list, , listHelpers] = useField<Person[]>(props.list);
  const [pick, , pickHelpers] = useField<string>(props.pick);
  const { values } = useFormikContext<DocumentFormValues>();
  // The users search keeps only the id; its label is what the search showed, taken from the
  // option list through the chosen value (kept for the chip).
  useEffect(() => {
    if (!pick.value) return;
    if (!list.value.some((person) => person.id === pick.value)) {
      const label = document.querySelector<HTMLInputElement>(`input[name="${props.pick}"]`)?.value;
      void listHelpers.setValue([...list.value, { id: pick.value, label: label || pick.value }]);
    }
    void pickHelpers.setValue('');
  }, [pick.value]);
  return (
    <Box data-testid={`people-${props.list}`}>
      <SearchInput
        name={props.pick}
        label={props.label}
        kind="user"
        key={values[props.list].length}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {list.value.map((person) => (
          <Chip
            key={person.id}
            label={person.label}
            onDelete={() =>
              void listHelpers.setValue(list.value.filter((other) => other.id !== person.id))
            }
          />
        ))}
        {list.value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('documents.form.nobody')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

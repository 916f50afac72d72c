import * as yup from 'yup';
import type { DocumentInput, DocumentType } from '../../api/generated.ts';
import { amountRule, dateRule, notBeforeRule } from '../../components/form/rules.ts';
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
    user: { displayName?: string | null } | null;
  } | null)[],
) =>
  nodes
    .filter((node) => node !== null)
    .map((node) => ({
      id: node.userId,
      label: node.user?.displayName || node.userId,
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

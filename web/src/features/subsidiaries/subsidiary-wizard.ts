import * as yup from 'yup';
import type { DocumentType, SimilarCompaniesQuery } from '../../api/generated.ts';
import { dateRule, notBeforeRule } from '../../components/form/rules.ts';

/** The wizard's fields: the company, then its linked document (created or skipped). */
export interface Values {
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

export const INITIAL: Values = {
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

export const STEPS = [
  'subsidiaries.wizard.company',
  'resources.subsidiaries.fields.linked_document_id',
];

/** SPEC §5: name and country required; the linked document's name when one is created. */
export const schemas = [
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

/** A company with a name like the new one's. */
export type Similar = NonNullable<SimilarCompaniesQuery['similarCompanies']>['nodes'][number] &
  object;

import * as yup from 'yup';
import type { BillableCostsQuery } from '../../../api/generated.ts';
import {
  amountRule,
  dateRule,
  monthRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../../components/form/rules.ts';
import type { BillableCost } from '../costs-total.ts';

export type Cost = NonNullable<BillableCostsQuery['allCosts']>['nodes'][number] & BillableCost;

export interface WizardValues {
  clientId: string;
  subsidiaryId: string;
  projectId: string;
  serviceId: string;
  name: string;
  description: string;
  period: string;
  currency: string;
  vat: string;
  invoiceRef: string;
  invoiceDate: string;
  dueDate: string;
  amount: string;
  // Filters of the cost step (not sent).
  costProject: string;
  costPeriod: string;
  costSupplier: string;
}

export const INITIAL: WizardValues = {
  clientId: '',
  subsidiaryId: '',
  projectId: '',
  serviceId: '',
  name: '',
  description: '',
  period: '',
  currency: '',
  vat: '',
  invoiceRef: '',
  invoiceDate: '',
  dueDate: '',
  amount: '',
  costProject: '',
  costPeriod: '',
  costSupplier: '',
};

/** SPEC §5 rules for the setup step (the database checks them again). */
export const setupSchema = yup.object({
  clientId: yup.string().required('validation.required'),
  subsidiaryId: yup.string().required('validation.required'),
  name: yup.string().trim().required('validation.required'),
  period: pastPeriodRule(),
  currency: yup.string().required('validation.required'),
  vat: vatRule(),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
});
export const costsSchema = setupSchema.shape({ amount: amountRule(), costPeriod: monthRule() });

export const STEPS = ['setup', 'costs', 'files'] as const;
/** The progress of SPEC §4 after the three steps. */
export const PROGRESS = [
  'uploadAttachments',
  'uploadAct',
  'createBill',
  'updateCosts',
  'created',
] as const;
export type Progress = (typeof PROGRESS)[number];
export type ProgressState = Record<Progress, 'waiting' | 'running' | 'done' | 'skipped' | 'failed'>;

export const waiting = (): ProgressState => ({
  uploadAttachments: 'waiting',
  uploadAct: 'waiting',
  createBill: 'waiting',
  updateCosts: 'waiting',
  created: 'waiting',
});

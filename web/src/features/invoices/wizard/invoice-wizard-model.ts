import * as yup from 'yup';
import type { InvoiceType, LikelyDuplicateInvoicesQuery } from '../../../api/generated.ts';
import {
  amountRule,
  dateRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../../components/form/rules.ts';

export interface CostValues {
  key: number;
  name: string;
  costType: string;
  project: string;
  /** 'YYYY-MM' */
  period: string;
  amount: string;
  vat: string;
  toBill: boolean;
}

export interface WizardValues {
  type: InvoiceType;
  defaultCostType: string;
  currency: string;
  invoiceRef: string;
  invoiceDate: string;
  dueDate: string;
  subsidiary: string;
  supplier: string;
  costs: CostValues[];
}

export const TYPES: InvoiceType[] = ['regular', 'prepayment', 'credit_note'];
export const STEPS = ['setup', 'costs', 'files'] as const;

let costKey = 0;
export const newCost = (): CostValues => ({
  key: ++costKey,
  name: '',
  costType: '',
  project: '',
  period: '',
  amount: '',
  vat: '',
  toBill: false,
});

export const emptyValues = (): WizardValues => ({
  type: 'regular',
  defaultCostType: '',
  currency: '',
  invoiceRef: '',
  invoiceDate: '',
  dueDate: '',
  subsidiary: '',
  supplier: '',
  costs: [newCost()],
});

/** SPEC §5, repeated for a quick message; the database decides (create_invoice_with_costs). */
export const setupSchema = yup.object({
  type: yup.string().required('validation.required'),
  currency: yup.string().required('validation.required'),
  invoiceRef: yup.string().trim().required('validation.required'),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
  subsidiary: yup.string().required('validation.required'),
  supplier: yup.string().required('validation.required'),
});

export const costsSchema = yup.object({
  costs: yup
    .array()
    .of(
      yup.object({
        name: yup.string().trim().required('validation.required'),
        period: pastPeriodRule(),
        amount: amountRule(),
        vat: vatRule(),
      }),
    )
    .min(1, 'invoiceWizard.costsRequired'),
});

export type Duplicate = NonNullable<
  NonNullable<LikelyDuplicateInvoicesQuery['likelyDuplicateInvoices']>['nodes'][number]
>;

/** Which step of saving failed, with its error, so the user can retry from there. */
export type Failure = { step: 'upload' | 'create'; error: unknown };

export function costsOf(values: WizardValues) {
  return values.costs.map((cost) => {
    const [year, period] = cost.period.split('-').map(Number);
    return {
      name: cost.name.trim(),
      amount: cost.amount,
      vat: cost.vat,
      to_bill: cost.toBill,
      cost_type_id: cost.costType || null,
      project_id: cost.project || null,
      period,
      year,
    };
  });
}

/** Costs restored from a draft keep their keys; new ones are numbered after them. */
export function continueCostKeys(costs: CostValues[]): void {
  costKey = Math.max(costKey, ...costs.map((cost) => cost.key));
}

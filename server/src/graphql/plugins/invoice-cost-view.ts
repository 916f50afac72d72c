import { PgSelectSingleStep } from 'postgraphile/@dataplan/pg';
import { sql } from 'postgraphile/pg-sql2';

interface Scope {
  pgCodec?: { name?: string };
  fieldName?: string;
}

/** The columns of app_hidden.invoice_cost_view; each is a field's function, `invoices_<column>`. */
const FIGURES = [
  'hidden_cost_count',
  'visible_amount',
  'visible_amount_w_vat',
  'visible_amount_usd_w_vat',
];

/**
 * An invoice's figures of what the account sees of it (hiddenCostCount and the visible sums) read
 * from app_hidden.invoice_cost_view in the statement that reads the invoices, which PostgreSQL
 * inlines: the account's checks are then asked once per statement instead of once per row, as the
 * fields' own functions (app_public.invoices_hidden_cost_count and the others, which read the same
 * view) would. db/migrations/0313-invoice-cost-view-inlined.sql has the measurements. An invoice a
 * mutation returns keeps the function, which PostgreSQL runs in a statement after the mutation's:
 * read in the mutation's own statement, the figures would not see what it changed.
 */
export const InvoiceCostViewPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineInvoiceCostViewPlugin',
  version: '1.0.0',
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, build, context) {
        const scope = context.scope as unknown as Scope;
        if (scope.pgCodec?.name !== 'invoices') return field;
        // A computed column's field is named after its function.
        type FunctionResource = Parameters<
          typeof build.inflection.computedAttributeField
        >[0]['resource'];
        const resources = build.input.pgRegistry.pgResources;
        const column = FIGURES.find((name) => {
          const resource = resources[`invoices_${name}`] as FunctionResource | undefined;
          return (
            resource && build.inflection.computedAttributeField({ resource }) === scope.fieldName
          );
        });
        const original = field.plan as ((...args: unknown[]) => unknown) | undefined;
        if (!column || !original) return field;
        // The field's type, as its function returns it.
        const { codec } = resources[`invoices_${column}`]!;
        return {
          ...field,
          plan(this: unknown, $invoice: unknown, ...rest: unknown[]) {
            if (
              !($invoice instanceof PgSelectSingleStep) ||
              $invoice.getClassStep().mode === 'mutation'
            ) {
              return original.call(this, $invoice, ...rest);
            }
            const alias = $invoice.getClassStep().alias;
            return $invoice.select(
              sql`(select v.${sql.identifier(column)} from app_hidden.invoice_cost_view(${alias}.id) v)`,
              codec,
            );
          },
        } as typeof field;
      },
    },
  },
};

import { PgSelectSingleStep, TYPES, type PgCodec } from 'postgraphile/@dataplan/pg';
import { sql } from 'postgraphile/pg-sql2';

interface Scope {
  pgCodec?: { name?: string };
  fieldName?: string;
}

/** Each figure's function (the field's definition) and its column of app_hidden.invoice_cost_view. */
const FIGURES: Record<string, { column: string; codec: PgCodec }> = {
  invoices_hidden_cost_count: { column: 'hidden_cost_count', codec: TYPES.int },
  invoices_visible_amount: { column: 'visible_amount', codec: TYPES.numeric },
  invoices_visible_amount_w_vat: { column: 'visible_amount_w_vat', codec: TYPES.numeric },
  invoices_visible_amount_usd_w_vat: { column: 'visible_amount_usd_w_vat', codec: TYPES.numeric },
};

/**
 * An invoice's figures of what the account sees of it (hiddenCostCount and the visible sums) read
 * from app_hidden.invoice_cost_view in the statement that reads the invoices, which PostgreSQL
 * inlines: the account's checks are then asked once per statement instead of once per row, as the
 * fields' own functions (app_public.invoices_hidden_cost_count and the others, which read the same
 * view) would. db/migrations/0313-invoice-cost-view-inlined.sql has the measurements. Rows a
 * mutation returns are not selects: their fields keep the function.
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
        const name = Object.keys(FIGURES).find((fn) => {
          const resource = resources[fn] as FunctionResource | undefined;
          return (
            resource && build.inflection.computedAttributeField({ resource }) === scope.fieldName
          );
        });
        const figure = name ? FIGURES[name] : undefined;
        const original = field.plan as ((...args: unknown[]) => unknown) | undefined;
        if (!figure || !original) return field;
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
              sql`(select v.${sql.identifier(figure.column)} from app_hidden.invoice_cost_view(${alias}.id) v)`,
              figure.codec,
            );
          },
        } as typeof field;
      },
    },
  },
};

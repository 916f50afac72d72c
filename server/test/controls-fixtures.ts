// Arranging records for the control tests (segregation of duties, approval limits, period lock):
// written as the owner, as seeds are, so that only the action under test runs as a user.
import type { TestDatabase } from './helpers.ts';

export interface Fixture {
  invoice: number;
  costs: number[];
}

/** An invoice of a subsidiary created by `creator`, with costs of these amounts and statuses. */
export async function invoiceWithCosts(
  db: TestDatabase,
  options: {
    subsidiary?: string;
    creator: string;
    status?: string;
    invoiceDate?: string;
    costs: { amount: string; status?: string }[];
  },
): Promise<Fixture> {
  const { rows } = await db.owner.query(
    `insert into app_public.invoices (type, invoice_ref, invoice_date, due_date, currency, status, subsidiary_id,
                                      supplier_id, created_by)
     select 'regular', 'CTRL-' || gen_random_uuid(), d, d + 30, s.currency, $2::app_public.invoice_status, s.id,
            (select id from app_public.suppliers order by legal_name limit 1),
            (select id from app_public.users where username = $3)
       from (select id, case short_name when 'Northwind NL' then 'EUR' when 'Northwind RU' then 'RUB' else 'GBP' end currency
               from app_public.subsidiaries where short_name = $1) s,
            coalesce($4::date, current_date) d
     returning id, invoice_date`,
    [
      options.subsidiary ?? 'Northwind NL',
      options.status ?? 'draft',
      options.creator,
      options.invoiceDate ?? null,
    ],
  );
  const invoice = rows[0].id as number;
  const costs: number[] = [];
  for (const cost of options.costs) {
    const inserted = await db.owner.query(
      `insert into app_public.costs (name, amount, vat, invoice_id, period, year, status, created_by)
       select 'control', $2, 20, i.id, extract(month from i.invoice_date), extract(year from i.invoice_date),
              $3::app_public.cost_status, i.created_by
         from app_public.invoices i where i.id = $1 returning id`,
      [invoice, cost.amount, cost.status ?? 'to_approve'],
    );
    costs.push(inserted.rows[0].id);
  }
  return { invoice, costs };
}

/** The error a statement fails with: its code (the hint), message and parameters. */
export interface Refusal {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
}

export function refusalOf(error: unknown): Refusal {
  const e = error as { hint?: string; message: string; detail?: string };
  return {
    code: e.hint,
    message: e.message,
    details: e.detail?.startsWith('{') ? JSON.parse(e.detail) : undefined,
  };
}

// Demo bank accounts and statements (docs/reconciliation.md): an account per subsidiary and one
// statement per format, written as files, read back by the import's own parsers, stored by the
// import's SQL function and partly matched through the matching functions, as the admin.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { parseStatement } from './parse.ts';
import type { StatementFormat } from './statement.ts';
import {
  WRITTEN_CSV_MAPPING,
  writeCamt053,
  writeCsv,
  writeMt940,
  type StatementData,
  type StatementEntry,
} from './write.ts';

const ACCOUNTS: {
  subsidiary: string;
  name: string;
  iban: string | null;
  number: string | null;
  bic: string;
  currency: string;
  format: StatementFormat;
}[] = [
  {
    subsidiary: 'Northwind NL',
    name: 'ABN AMRO current account',
    iban: 'NL91ABNA0417164300',
    number: null,
    bic: 'ABNANL2A',
    currency: 'EUR',
    format: 'camt053',
  },
  {
    subsidiary: 'Northwind UK',
    name: 'NatWest business account',
    iban: 'GB82WEST12345698765432',
    number: null,
    bic: 'NWBKGB2L',
    currency: 'GBP',
    format: 'mt940',
  },
  {
    subsidiary: 'Northwind RU',
    name: 'Sberbank settlement account',
    iban: null,
    number: '40702810938000012345',
    bic: 'SABRRUMM',
    currency: 'RUB',
    format: 'csv',
  },
];

const WRITERS = { camt053: writeCamt053, mt940: writeMt940, csv: writeCsv };

interface Payable {
  kind: 'invoice' | 'bill';
  number: string;
  remaining: string;
  party_name: string;
}

export async function seedBanking(client: pg.ClientBase): Promise<void> {
  // The functions check the caller's scopes: the seed acts as the admin for this transaction.
  await client.query(
    `select set_config('jwt.claims.user_id', u.id::text, true), set_config('jwt.claims.account_id', a.id::text, true)
       from app_public.users u join app_public.accounts a on a.user_id = u.id where u.username = 'admin' limit 1`,
  );
  const { rows: days } = await client.query<{ d: string }>(
    `select to_char(current_date - g, 'YYYY-MM-DD') as d from generate_series(1, 8) g order by g desc`,
  );
  const day = (i: number) => days[i % days.length]!.d;
  for (const account of ACCOUNTS) {
    const { rows } = await client.query<{ id: string; subsidiary_id: string }>(
      `insert into app_public.bank_accounts (subsidiary_id, name, iban, account_number, bic, currency)
       select id, $2, $3, $4, $5, $6 from app_public.subsidiaries where short_name = $1
       returning id, subsidiary_id`,
      [
        account.subsidiary,
        account.name,
        account.iban,
        account.number,
        account.bic,
        account.currency,
      ],
    );
    const bankAccount = rows[0]!;
    // Recent open records of the subsidiary in the account's currency (not the two most recent,
    // which other tests and demos take as "the first open invoice or bill").
    const payables = async (kind: 'invoice' | 'bill') =>
      (
        await client.query<Payable>(
          `select kind, number, remaining::text, party_name from app_hidden.open_payables
            where subsidiary_id = $1 and currency = $2 and kind = $3 and remaining > 0 and number is not null
            order by due_date desc, record_id offset 2 limit 3`,
          [bankAccount.subsidiary_id, account.currency, kind],
        )
      ).rows;
    const invoices = await payables('invoice');
    const bills = await payables('bill');
    const entries: StatementEntry[] = [];
    const [firstBill, secondBill] = bills;
    const [firstInvoice, secondInvoice] = invoices;
    // High confidence: the exact remaining amount and the number in the remittance.
    if (firstBill)
      entries.push({
        date: day(0),
        amount: firstBill.remaining,
        name: firstBill.party_name,
        remittance: `Payment ${firstBill.number}`,
        reference: `${account.format.toUpperCase()}-E2E-1`,
      });
    if (firstInvoice)
      entries.push({
        date: day(1),
        amount: `-${firstInvoice.remaining}`,
        name: firstInvoice.party_name,
        remittance: `Invoice ${firstInvoice.number}`,
        reference: `${account.format.toUpperCase()}-E2E-2`,
      });
    // Left to match by hand: a part payment naming the client, an unknown transfer, a bank fee.
    if (secondBill)
      entries.push({
        date: day(2),
        amount: (Number(secondBill.remaining) / 2).toFixed(2),
        name: secondBill.party_name,
        remittance: `Part payment ${secondBill.number}`,
        reference: `${account.format.toUpperCase()}-E2E-3`,
      });
    if (secondInvoice)
      entries.push({
        date: day(3),
        amount: `-${secondInvoice.remaining}`,
        name: secondInvoice.party_name,
        remittance: 'Services',
        reference: `${account.format.toUpperCase()}-E2E-4`,
      });
    entries.push({
      date: day(4),
      amount: '-12.50',
      name: 'Bank',
      remittance: 'Account maintenance fee',
    });
    entries.push({
      date: day(5),
      amount: '250.00',
      name: 'Unknown sender',
      remittance: 'Transfer',
      reference: `${account.format.toUpperCase()}-E2E-6`,
    });
    const data: StatementData = {
      statementId: `${account.format.toUpperCase()}-DEMO-${day(7).replace(/-/g, '')}`,
      iban: account.iban ?? account.number!,
      currency: account.currency,
      opening: '50000.00',
      entries,
    };
    const content = WRITERS[account.format](data);
    const parsed = parseStatement(account.format, content, {
      mapping: WRITTEN_CSV_MAPPING,
      currency: account.currency,
      statementId: data.statementId,
    });
    const sha256 = createHash('sha256').update(content).digest('hex');
    const { rows: statement } = await client.query<{ id: string }>(
      'select id from app_hidden.import_bank_statement($1, $2, null, $3, $4, $5)',
      [
        bankAccount.id,
        account.format,
        sha256,
        JSON.stringify(parsed.statement),
        parsed.mapping ? JSON.stringify(parsed.mapping) : null,
      ],
    );
    await client.query('select app_public.accept_high_confidence_matches($1)', [statement[0]!.id]);
    await client.query(
      `select app_public.ignore_bank_line(l.id, 'Bank fee')
         from app_public.bank_statement_lines l where l.statement_id = $1 and l.amount = -12.50`,
      [statement[0]!.id],
    );
  }
  await client.query(
    `select set_config('jwt.claims.user_id', '', true), set_config('jwt.claims.account_id', '', true)`,
  );
}

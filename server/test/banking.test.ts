// Bank accounts, statement import and matching (docs/reconciliation.md): the IBAN check, who sees
// and writes bank accounts, the parsers on a corpus of valid and broken files in every format, the
// import's refusals (duplicates, balances, nothing half-imported), the ranking of suggestions,
// accepting (one by one, split, all high-confidence), undo, marking as not a payment, linking a
// hand-made payment, the reconciliation figures and the permissions of each step.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCamt053 } from '../src/banking/camt053.ts';
import { parseCsv, type CsvMapping } from '../src/banking/csv.ts';
import { parseMt940 } from '../src/banking/mt940.ts';
import {
  WRITTEN_CSV_MAPPING,
  writeCamt053,
  writeCsv,
  writeMt940,
  type StatementData,
} from '../src/banking/write.ts';
import { AppError } from '../src/errors.ts';
import { asUser, createTestApp, gql, login, rowsAs, type TestApp } from './helpers.ts';

let t: TestApp;
let base: string;
const token: Record<string, string> = {};
let accountId: string; // a EUR bank account of Northwind NL made for these tests
let ukAccountId: string;
const IBAN = 'NL02ABNA0123456789';
const UK_IBAN = 'GB89WEST12345612345678';

interface Payable {
  kind: string;
  invoice_id: number | null;
  bill_id: number | null;
  number: string;
  remaining: string;
  party_name: string;
}

/** Open invoices or bills of Northwind NL in EUR, with what is left to pay (as the owner sees). */
async function openPayables(kind: 'invoice' | 'bill'): Promise<Payable[]> {
  const { rows } = await t.db.owner.query<Payable>(
    `select c.kind, c.invoice_id, c.bill_id, c.number, c.remaining::text, c.party_name
       from app_hidden.open_payables c join app_public.subsidiaries s on s.id = c.subsidiary_id
      where s.short_name = 'Northwind NL' and c.currency = 'EUR' and c.kind = $1 and c.remaining > 10
        and c.number is not null
      order by c.record_id`,
    [kind],
  );
  return rows;
}

async function importFile(
  user: string,
  format: string,
  content: string,
  extra: Record<string, string> = {},
  bankAccount = accountId,
) {
  const form = new FormData();
  form.append('bankAccountId', bankAccount);
  form.append('format', format);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('file', new Blob([content]), `statement.${format}`);
  const response = await fetch(`${base}/api/banking/statements`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token[user]}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

let statementSeq = 0;
const today = '2026-11-20';
function statement(
  entries: StatementData['entries'],
  extra: Partial<StatementData> = {},
): StatementData {
  statementSeq++;
  return {
    statementId: `TEST-${statementSeq}-${Date.now() % 100000}`,
    iban: IBAN,
    currency: 'EUR',
    opening: '10000.00',
    entries,
    ...extra,
  };
}

const lineIds = async (statementId: string) =>
  (
    await t.db.owner.query<{ id: string }>(
      'select id from app_public.bank_statement_lines where statement_id = $1 order by position',
      [statementId],
    )
  ).rows.map((r) => r.id);

const ACCEPT = `mutation($line: UUID!, $allocations: [BankAllocationInput]!) {
  acceptBankMatch(input: { lineId: $line, allocations: $allocations }) {
    result { id status matchedAmount } } }`;
const UNDO = `mutation($line: UUID!) { undoBankMatch(input: { lineId: $line }) { result { id status matchedAmount } } }`;
const IGNORE = `mutation($line: UUID!, $note: String!) { ignoreBankLine(input: { lineId: $line, note: $note }) { result { id status ignoreNote } } }`;
const ACCEPT_HIGH = `mutation($statement: UUID!) { acceptHighConfidenceMatches(input: { statementId: $statement }) { result { id status } } }`;
const SUGGESTIONS = `query($line: UUID!) { bankStatementLineById(id: $line) { id suggestions { nodes { kind invoiceId billId score confidence amountMatches numberMatches partyMatches } } } }`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const user of ['admin', 'accountant', 'viewer'])
    token[user] = (await login(t.app, user)).accessToken;
  const { rows } = await t.db.owner.query<{ id: string }>(
    `insert into app_public.bank_accounts (subsidiary_id, name, iban, bic, currency)
     select id, 'Test current account', $1, 'ABNANL2A', 'EUR' from app_public.subsidiaries where short_name = 'Northwind NL'
     returning id`,
    [IBAN],
  );
  accountId = rows[0]!.id;
  const uk = await t.db.owner.query<{ id: string }>(
    `insert into app_public.bank_accounts (subsidiary_id, name, iban, currency)
     select id, 'Test UK account', $1, 'GBP' from app_public.subsidiaries where short_name = 'Northwind UK'
     returning id`,
    [UK_IBAN],
  );
  ukAccountId = uk.rows[0]!.id;
});

describe('bank accounts', () => {
  it('an IBAN is checked by its ISO 13616 mod-97 check digits', async () => {
    const { rows } = await t.db.owner.query(
      `select app_hidden.iban_valid(app_hidden.normalize_iban(x)) as ok from unnest($1::text[]) with ordinality u(x, n) order by n`,
      [['NL91 ABNA 0417 1643 00', 'DE89370400440532013000', 'NL92ABNA0417164300', 'NL91', 'XX']],
    );
    expect(rows.map((r) => r.ok)).toEqual([true, true, false, false, false]);
  });

  it('an account with a wrong IBAN, or with neither IBAN nor number, is refused with a code', async () => {
    const create = `mutation($iban: String, $number: String) { createBankAccount(input: { bankAccount: {
      subsidiaryId: "${await subsidiary('Northwind NL')}", name: "Bad", iban: $iban, accountNumber: $number, currency: "EUR" } }) { bankAccount { id iban } } }`;
    const wrong = await gql(t.app, create, { iban: 'NL92ABNA0417164300' }, token.admin);
    expect(wrong.errors?.[0]?.extensions?.code).toBe('InvalidIban');
    const none = await gql(t.app, create, {}, token.admin);
    expect(none.errors?.[0]?.extensions?.code).toBe('BankAccountIdentifierRequired');
    const spaced = await gql(t.app, create, { iban: 'de89 3704 0044 0532 0130 00' }, token.admin);
    expect(spaced.data?.createBankAccount.bankAccount.iban).toBe('DE89370400440532013000');
  });

  it('bank accounts are seen by subsidiary and written only by who manages subsidiaries', async () => {
    const names = async (user: string) =>
      (await rowsAs(t.db, user, 'select id from app_public.bank_accounts')).map((r) => r.id);
    expect(await names('accountant')).toContain(accountId);
    expect(await names('accountant')).not.toContain(ukAccountId);
    expect(await names('viewer')).toEqual(expect.arrayContaining([accountId, ukAccountId]));
    const create = `mutation { createBankAccount(input: { bankAccount: {
      subsidiaryId: "${await subsidiary('Northwind NL')}", name: "Viewer's", accountNumber: "12345", currency: "EUR" } }) { bankAccount { id } } }`;
    expect((await gql(t.app, create, {}, token.viewer)).errors?.[0]).toBeDefined();
    expect((await gql(t.app, create, {}, token.accountant)).errors?.[0]).toBeDefined();
    expect((await gql(t.app, create, {}, token.admin)).errors).toBeUndefined();
  });
});

async function subsidiary(name: string): Promise<string> {
  const { rows } = await t.db.owner.query(
    'select id from app_public.subsidiaries where short_name = $1',
    [name],
  );
  return rows[0].id;
}

describe('parsing: a corpus per format', () => {
  const data = statement([
    {
      date: '2026-11-02',
      amount: '-1210.00',
      name: 'Acme Office Supplies Ltd',
      iban: 'GB82WEST12345698765432',
      remittance: 'Invoice INV-2026-0001',
      reference: 'E2E-1',
    },
    {
      date: '2026-11-03',
      amount: '500.55',
      name: 'Contoso Pharma GmbH',
      remittance: 'BILL-2026-0007 & more',
      reference: 'E2E-2',
    },
  ]);
  const expected = {
    currency: 'EUR',
    openingBalance: '10000.00',
    closingBalance: '9290.55',
    lines: [
      {
        bookingDate: '2026-11-02',
        valueDate: '2026-11-02',
        amount: '-1210.00',
        counterpartyName: 'Acme Office Supplies Ltd',
        counterpartyIban: 'GB82WEST12345698765432',
        reference: 'E2E-1',
      },
      {
        bookingDate: '2026-11-03',
        amount: '500.55',
        counterpartyName: 'Contoso Pharma GmbH',
        reference: 'E2E-2',
      },
    ],
  };

  it('reads a valid camt.053, MT940 and CSV statement to the same lines and balances', () => {
    const camt = parseCamt053(writeCamt053(data));
    const mt = parseMt940(writeMt940(data));
    const csv = parseCsv(writeCsv(data), WRITTEN_CSV_MAPPING, { currency: 'EUR' });
    for (const parsed of [camt, mt, csv]) {
      expect(parsed).toMatchObject(expected);
      expect(parsed.lines[0]!.remittance).toContain('INV-2026-0001');
      expect(parsed.lines[1]!.remittance).toContain('BILL-2026-0007');
    }
    expect(camt.statementId).toBe(data.statementId);
    expect(camt.accountIban).toBe(IBAN);
  });

  const refused = (work: () => unknown): AppError => {
    try {
      work();
    } catch (error) {
      return error as AppError;
    }
    throw new Error('not refused');
  };

  it('a camt.053 that is not well-formed XML is refused naming the line', () => {
    const broken = writeCamt053(data).replace('</Ntry>', '</Ntri>');
    const error = refused(() => parseCamt053(broken));
    expect(error.code).toBe('StatementParseError');
    expect(error.message).toMatch(/^Line \d+: not well-formed XML/);
  });

  it('a camt.053 entry with a bad amount or date is refused naming its line', () => {
    const text = writeCamt053(data);
    const line = text.split('\n').findIndex((l) => l.includes('<Ntry>')) + 1;
    const badAmount = refused(() => parseCamt053(text.replace('>1210.00<', '>12x10<')));
    expect(badAmount.code).toBe('StatementParseError');
    expect(badAmount.message).toBe(`Line ${line}: The entry amount "12x10" is not an amount.`);
    const badDate = refused(() =>
      parseCamt053(text.replace('<BookgDt><Dt>2026-11-02', '<BookgDt><Dt>2026-13-40')),
    );
    expect(badDate.message).toBe(`Line ${line}: The booking date "2026-13-40" is not a date.`);
    const other = refused(() => parseCamt053('<?xml version="1.0"?><Document><Other/></Document>'));
    expect(other.message).toMatch(/not a camt\.053 statement/);
  });

  it('an MT940 with a broken :61: line or without its balances is refused naming the line', () => {
    const text = writeMt940(data);
    const broken = text.replace(':61:261102', ':61:26XX02');
    const line = broken.split('\r\n').findIndex((l) => l.startsWith(':61:26XX02')) + 1;
    const error = refused(() => parseMt940(broken));
    expect(error.code).toBe('StatementParseError');
    expect(error.message).toMatch(
      new RegExp(`^Line ${line}: not a valid MT940 file: Cannot parse tag 61`),
    );
    const noClosing = refused(() => parseMt940(text.replace(/:62F:[^\r]*\r\n/, '')));
    expect(noClosing.message).toMatch(/Mandatory tag 62 is missing/);
  });

  it('a CSV row with a bad date or amount, or a header without a mapped column, is refused naming the line', () => {
    const text = writeCsv(data);
    const badDate = refused(() =>
      parseCsv(text.replace('03.11.2026', '33.11.2026'), WRITTEN_CSV_MAPPING, { currency: 'EUR' }),
    );
    expect(badDate.message).toBe(
      'Line 3: The date "33.11.2026" is not a date in the form DD.MM.YYYY.',
    );
    const badAmount = refused(() =>
      parseCsv(text.replace('500,55', '5OO,55'), WRITTEN_CSV_MAPPING, { currency: 'EUR' }),
    );
    expect(badAmount.message).toBe('Line 3: The amount "5OO,55" is not an amount.');
    const mapping: CsvMapping = { ...WRITTEN_CSV_MAPPING, amount: 'Betrag' };
    expect(refused(() => parseCsv(text, mapping, { currency: 'EUR' })).message).toBe(
      'Line 1: the header has no column "Betrag" (mapped as amount).',
    );
    const ragged = refused(() =>
      parseCsv(`${text}01.12.2026;1,00\n`, WRITTEN_CSV_MAPPING, { currency: 'EUR' }),
    );
    expect(ragged.message).toMatch(/^Line 4: not a valid CSV file/);
  });
});

describe('import', () => {
  const count = async (table: string) =>
    Number((await t.db.owner.query(`select count(*) from app_public.${table}`)).rows[0].count);

  it('imports each format in one piece, keeps the file and refuses the same statement or file again', async () => {
    for (const [format, write] of [
      ['camt053', writeCamt053],
      ['mt940', writeMt940],
      ['csv', writeCsv],
    ] as const) {
      const data = statement([
        { date: today, amount: '-10.00', name: 'Bank', remittance: 'Fee' },
        { date: today, amount: '25.00', name: 'Someone', remittance: 'Refund' },
      ]);
      const content = write(data);
      const extra: Record<string, string> =
        format === 'csv'
          ? { mapping: JSON.stringify(WRITTEN_CSV_MAPPING), statementId: data.statementId }
          : {};
      const first = await importFile('accountant', format, content, extra);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.lineCount).toBe(2);
      const { rows } = await t.db.owner.query(
        `select s.format, s.opening_balance::text, s.closing_balance::text, f.name, f.size
           from app_public.bank_statements s join app_public.files f on f.id = s.file_id where s.id = $1`,
        [first.body.data.statementId],
      );
      expect(rows[0]).toMatchObject({
        format,
        opening_balance: '10000.00',
        closing_balance: '10015.00',
        size: String(Buffer.byteLength(content)),
      });
      const again = await importFile('accountant', format, content, extra);
      expect(again.body.code).toBe('StatementAlreadyImported');
      const sameId = await importFile(
        'accountant',
        format,
        content.replace('Refund', 'Refund!'),
        extra,
      );
      expect(sameId.body.code).toBe('StatementAlreadyImported');
    }
    // The CSV mapping used is saved on the bank account for the next import.
    const { rows } = await t.db.owner.query(
      'select csv_mapping from app_public.bank_accounts where id = $1',
      [accountId],
    );
    expect(rows[0].csv_mapping).toMatchObject({ amount: 'Amount', delimiter: ';' });
  });

  it('a statement whose lines do not add up to the closing balance is refused naming the difference, leaving nothing', async () => {
    const before = [
      await count('bank_statements'),
      await count('bank_statement_lines'),
      await count('files'),
    ];
    const data = statement([{ date: today, amount: '-10.00' }], { closingError: '0.05' });
    const result = await importFile('accountant', 'camt053', writeCamt053(data));
    expect(result.status).toBe(400);
    expect(result.body.code).toBe('StatementBalanceMismatch');
    expect(result.body.message).toContain('a difference of 0.05');
    expect([
      await count('bank_statements'),
      await count('bank_statement_lines'),
      await count('files'),
    ]).toEqual(before);
  });

  it('a statement of another account or currency, and an import by a read-only account, are refused', async () => {
    const other = await importFile(
      'accountant',
      'camt053',
      writeCamt053(
        statement([{ date: today, amount: '1.00' }], { iban: 'DE89370400440532013000' }),
      ),
    );
    expect(other.body.code).toBe('StatementAccountMismatch');
    const gbp = await importFile(
      'accountant',
      'camt053',
      writeCamt053(statement([{ date: today, amount: '1.00' }], { currency: 'GBP' })),
    );
    expect(gbp.body.code).toBe('StatementCurrencyMismatch');
    const viewer = await importFile(
      'viewer',
      'camt053',
      writeCamt053(statement([{ date: today, amount: '1.00' }])),
    );
    expect(viewer.body.code).toBe('Forbidden');
    const unseen = await importFile(
      'accountant',
      'camt053',
      writeCamt053(
        statement([{ date: today, amount: '1.00' }], { iban: UK_IBAN, currency: 'GBP' }),
      ),
      {},
      ukAccountId,
    );
    expect(unseen.body.code).toBe('BankAccountNotFound');
    const broken = await importFile('accountant', 'mt940', ':20:X\r\n:25:Y\r\n');
    expect(broken.body.code).toBe('StatementParseError');
  });
});

describe('matching', () => {
  it('ranks the record with the exact amount and its number first, with high confidence, and accepts it on its date and reference', async () => {
    const [target, other] = await openPayables('invoice');
    const data = statement([
      {
        date: today,
        amount: `-${target!.remaining}`,
        name: target!.party_name,
        remittance: `Payment ${target!.number}`,
        reference: 'E2E-RANK',
      },
    ]);
    const imported = await importFile('accountant', 'camt053', writeCamt053(data));
    const [line] = await lineIds(imported.body.data.statementId);
    const result = await gql(t.app, SUGGESTIONS, { line }, token.accountant);
    const nodes = result.data?.bankStatementLineById.suggestions.nodes;
    expect(nodes[0]).toMatchObject({
      kind: 'invoice',
      invoiceId: target!.invoice_id,
      confidence: 'high',
      amountMatches: true,
      numberMatches: true,
      partyMatches: true,
    });
    expect(nodes.every((n: any, i: number) => i === 0 || n.score <= nodes[i - 1].score)).toBe(true);
    expect(nodes.find((n: any) => n.invoiceId === other!.invoice_id)?.confidence ?? 'low').not.toBe(
      'high',
    );

    const accepted = await gql(
      t.app,
      ACCEPT_HIGH,
      { statement: imported.body.data.statementId },
      token.accountant,
    );
    expect(accepted.errors, JSON.stringify(accepted.errors)).toBeUndefined();
    expect(accepted.data?.acceptHighConfidenceMatches.result).toEqual([
      { id: line, status: 'matched' },
    ]);
    const { rows } = await t.db.owner.query(
      `select p.amount::text, p.payment_method, p.reference, p.payment_date::date::text as day, ip.invoice_id
         from app_public.bank_line_payments blp join app_public.payments p on p.id = blp.payment_id
         join app_public.invoices_payments ip on ip.payment_id = p.id where blp.line_id = $1`,
      [line],
    );
    expect(rows).toEqual([
      {
        amount: target!.remaining,
        payment_method: 'transaction',
        reference: 'E2E-RANK',
        day: today,
        invoice_id: target!.invoice_id,
      },
    ]);

    // Undo deletes the payment the match created; the line is queued again.
    const undone = await gql(t.app, UNDO, { line }, token.accountant);
    expect(undone.data?.undoBankMatch.result).toMatchObject({
      status: 'unmatched',
      matchedAmount: '0.00',
    });
    const left = await t.db.owner.query(
      'select count(*) from app_public.invoices_payments where invoice_id = $1 and payment_id in (select id from app_public.payments where reference = $2)',
      [target!.invoice_id, 'E2E-RANK'],
    );
    expect(left.rows[0].count).toBe('0');
  });

  it('splits one incoming line over two bills, and pays one bill with two lines', async () => {
    const [a, b] = await openPayables('bill');
    const half = (Number(b!.remaining) / 2).toFixed(2);
    const rest = (Number(b!.remaining) - Number(half)).toFixed(2);
    const total = (Number(a!.remaining) + Number(half)).toFixed(2);
    const data = statement([
      { date: today, amount: total, remittance: `${a!.number} ${b!.number}` },
      { date: today, amount: rest, remittance: `rest of ${b!.number}` },
    ]);
    const imported = await importFile('accountant', 'mt940', writeMt940(data));
    const [first, second] = await lineIds(imported.body.data.statementId);
    const split = await gql(
      t.app,
      ACCEPT,
      {
        line: first,
        allocations: [
          { billId: a!.bill_id, amount: a!.remaining },
          { billId: b!.bill_id, amount: half },
        ],
      },
      token.accountant,
    );
    expect(split.errors, JSON.stringify(split.errors)).toBeUndefined();
    expect(split.data?.acceptBankMatch.result).toMatchObject({
      status: 'matched',
      matchedAmount: total,
    });
    const more = await gql(
      t.app,
      ACCEPT,
      { line: second, allocations: [{ billId: b!.bill_id, amount: rest }] },
      token.accountant,
    );
    expect(more.data?.acceptBankMatch.result.status).toBe('matched');
    const { rows } = await t.db.owner.query(
      'select payment_status from app_public.bills where id = any($1) order by id',
      [[a!.bill_id, b!.bill_id]],
    );
    expect(rows.map((r) => r.payment_status)).toEqual(['paid', 'paid']);
  });

  it('refuses more than the line, the wrong side of the money, and another subsidiary, creating nothing', async () => {
    const [invoice] = await openPayables('invoice');
    const [bill] = await openPayables('bill');
    const data = statement([{ date: today, amount: '-5.00', remittance: 'small' }]);
    const imported = await importFile('accountant', 'csv', writeCsv(data), {
      statementId: data.statementId,
    });
    const [line] = await lineIds(imported.body.data.statementId);
    const before = (await t.db.owner.query('select count(*) from app_public.payments')).rows[0]
      .count;
    const over = await gql(
      t.app,
      ACCEPT,
      {
        line,
        allocations: [
          { invoiceId: invoice!.invoice_id, amount: '3.00' },
          { invoiceId: invoice!.invoice_id, amount: '3.00' },
        ],
      },
      token.accountant,
    );
    expect(over.errors?.[0]?.extensions?.code).toBe('BankMatchExceedsLine');
    const side = await gql(
      t.app,
      ACCEPT,
      { line, allocations: [{ billId: bill!.bill_id, amount: '5.00' }] },
      token.accountant,
    );
    expect(side.errors?.[0]?.extensions?.code).toBe('BankMatchWrongSide');
    const { rows } = await t.db.owner.query(
      `select i.id from app_public.invoices i join app_public.subsidiaries s on s.id = i.subsidiary_id
        where s.short_name = 'Northwind UK' and i.status = 'open' and i.currency = 'EUR' limit 1`,
    );
    if (rows[0]) {
      const foreign = await gql(
        t.app,
        ACCEPT,
        { line, allocations: [{ invoiceId: rows[0].id, amount: '5.00' }] },
        token.admin,
      );
      expect(foreign.errors?.[0]?.extensions?.code).toBe('BankMatchOtherSubsidiary');
    }
    expect((await t.db.owner.query('select count(*) from app_public.payments')).rows[0].count).toBe(
      before,
    );
  });

  it("finds any open record of the line's side by its number or party, not those of the other side", async () => {
    const [invoice] = await openPayables('invoice');
    const [bill] = await openPayables('bill');
    const data = statement([{ date: today, amount: '-1.00', remittance: 'nothing to go by' }]);
    const imported = await importFile('accountant', 'camt053', writeCamt053(data));
    const [line] = await lineIds(imported.body.data.statementId);
    const find = async (search: string) =>
      (
        await gql(
          t.app,
          `query($line: UUID!, $search: String!) { bankStatementLineById(id: $line) { findRecords(search: $search) { nodes { invoiceId billId } } } }`,
          { line, search },
          token.accountant,
        )
      ).data?.bankStatementLineById.findRecords.nodes;
    expect(await find(invoice!.number)).toContainEqual({
      invoiceId: invoice!.invoice_id,
      billId: null,
    });
    expect(await find(bill!.number)).toEqual([]);
  });

  it('marks a bank fee as not a payment with a note, which is required, and undoes the mark', async () => {
    const data = statement([
      { date: today, amount: '-2.50', name: 'ABN AMRO', remittance: 'Account fee' },
    ]);
    const imported = await importFile('accountant', 'camt053', writeCamt053(data));
    const [line] = await lineIds(imported.body.data.statementId);
    expect(
      (await gql(t.app, IGNORE, { line, note: '  ' }, token.accountant)).errors?.[0]?.extensions
        ?.code,
    ).toBe('BankLineNoteRequired');
    const ignored = await gql(t.app, IGNORE, { line, note: 'Bank fee' }, token.accountant);
    expect(ignored.data?.ignoreBankLine.result).toMatchObject({
      status: 'ignored',
      ignoreNote: 'Bank fee',
    });
    const [invoice] = await openPayables('invoice');
    const refused = await gql(
      t.app,
      ACCEPT,
      { line, allocations: [{ invoiceId: invoice!.invoice_id, amount: '2.50' }] },
      token.accountant,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('BankLineIgnored');
    const undone = await gql(t.app, UNDO, { line }, token.accountant);
    expect(undone.data?.undoBankMatch.result.status).toBe('unmatched');
  });

  it('links a payment typed by hand to its line; undo only unlinks it', async () => {
    const [, , invoice] = await openPayables('invoice');
    const made = await gql(
      t.app,
      `mutation($id: Int!) { createInvoicePayment(input: { invoiceId: $id, amount: "7.00", currency: "EUR", paymentDate: "${today}T10:00:00Z", paymentMethod: transaction }) { result { paymentId } } }`,
      { id: invoice!.invoice_id },
      token.accountant,
    );
    const paymentId = made.data?.createInvoicePayment.result.paymentId;
    expect(paymentId, JSON.stringify(made)).toBeTruthy();
    const data = statement([{ date: today, amount: '-7.00' }]);
    const imported = await importFile('accountant', 'camt053', writeCamt053(data));
    const [line] = await lineIds(imported.body.data.statementId);
    const candidates = await gql(
      t.app,
      `query($line: UUID!) { bankStatementLineById(id: $line) { paymentCandidates { nodes { id } } } }`,
      { line },
      token.accountant,
    );
    expect(candidates.data?.bankStatementLineById.paymentCandidates.nodes).toContainEqual({
      id: paymentId,
    });
    const link = `mutation($line: UUID!, $payment: UUID!) { linkBankLinePayment(input: { lineId: $line, paymentId: $payment }) { result { status } } }`;
    const linked = await gql(t.app, link, { line, payment: paymentId }, token.accountant);
    expect(linked.data?.linkBankLinePayment.result.status).toBe('matched');
    const twice = await gql(t.app, link, { line, payment: paymentId }, token.accountant);
    expect(twice.errors?.[0]?.extensions?.code).toBe('PaymentAlreadyMatched');
    await gql(t.app, UNDO, { line }, token.accountant);
    const { rows } = await t.db.owner.query(
      'select count(*) from app_public.payments where id = $1',
      [paymentId],
    );
    expect(rows[0].count).toBe('1');
  });

  it("a read-only account sees the lines but may not accept, undo or mark them; another subsidiary's lines are unseen", async () => {
    const data = statement([{ date: today, amount: '-3.00' }]);
    const imported = await importFile('accountant', 'camt053', writeCamt053(data));
    const [line] = await lineIds(imported.body.data.statementId);
    const [invoice] = await openPayables('invoice');
    const seen = await rowsAs(
      t.db,
      'viewer',
      'select id from app_public.bank_statement_lines where id = $1',
      [line],
    );
    expect(seen).toHaveLength(1);
    const accept = await gql(
      t.app,
      ACCEPT,
      { line, allocations: [{ invoiceId: invoice!.invoice_id, amount: '3.00' }] },
      token.viewer,
    );
    expect(accept.errors?.[0]?.extensions?.code).toBe('Forbidden');
    expect(
      (await gql(t.app, IGNORE, { line, note: 'x' }, token.viewer)).errors?.[0]?.extensions?.code,
    ).toBe('Forbidden');
    await t.db.owner.query(
      `insert into app_public.bank_statements (id, bank_account_id, subsidiary_id, format, statement_ref, content_sha256, currency, from_date, to_date, opening_balance, closing_balance)
       select '00000000-0000-0000-0000-0000000000a1', a.id, a.subsidiary_id, 'csv', 'UK-1', repeat('a', 64), 'GBP', $2, $2, 0, 1 from app_public.bank_accounts a where a.id = $1`,
      [ukAccountId, today],
    );
    await t.db.owner.query(
      `insert into app_public.bank_statement_lines (statement_id, bank_account_id, subsidiary_id, position, booking_date, value_date, amount, currency)
       select s.id, s.bank_account_id, s.subsidiary_id, 1, $1, $1, 1, 'GBP' from app_public.bank_statements s where s.statement_ref = 'UK-1'`,
      [today],
    );
    const uk = await rowsAs(
      t.db,
      'accountant',
      `select l.id from app_public.bank_statement_lines l where l.bank_account_id = $1`,
      [ukAccountId],
    );
    expect(uk).toEqual([]);
    expect(
      await rowsAs(
        t.db,
        'viewer',
        `select l.id from app_public.bank_statement_lines l where l.bank_account_id = $1`,
        [ukAccountId],
      ),
    ).toHaveLength(1);
    const count = await asUser(
      t.db,
      'viewer',
      async (c) => (await c.query('select app_public.bank_lines_to_match_count() as n')).rows[0].n,
    );
    expect(count).toBeNull();
    const mine = await asUser(
      t.db,
      'accountant',
      async (c) => (await c.query('select app_public.bank_lines_to_match_count() as n')).rows[0].n,
    );
    expect(mine).toBeGreaterThan(0);
  });
});

describe('reconciliation', () => {
  it('sets the statement balance against the matched payments, the unmatched lines and the payments never seen', async () => {
    const fresh = await t.db.owner.query<{ id: string }>(
      `insert into app_public.bank_accounts (subsidiary_id, name, account_number, currency)
       select id, 'Reconciliation test', 'R-1', 'EUR' from app_public.subsidiaries where short_name = 'Northwind NL' returning id`,
    );
    const account = fresh.rows[0]!.id;
    const [invoice] = await openPayables('invoice');
    const data = statement(
      [
        { date: '2026-11-10', amount: '-4.00', remittance: 'paid' },
        { date: '2026-11-11', amount: '-1.50', remittance: 'fee' },
        { date: '2026-11-12', amount: '9.00', remittance: 'unknown' },
      ],
      { iban: 'NL20INGB0001234567', opening: '100.00' },
    );
    const imported = await importFile(
      'accountant',
      'csv',
      writeCsv(data),
      { statementId: data.statementId, mapping: JSON.stringify(WRITTEN_CSV_MAPPING) },
      account,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [paid, fee] = await lineIds(imported.body.data.statementId);
    await gql(
      t.app,
      ACCEPT,
      { line: paid, allocations: [{ invoiceId: invoice!.invoice_id, amount: '4.00' }] },
      token.accountant,
    );
    await gql(t.app, IGNORE, { line: fee, note: 'Bank fee' }, token.accountant);
    const result = await gql(
      t.app,
      `query($a: UUID!) { bankReconciliation(bankAccountId: $a, fromDate: "2026-11-01", toDate: "2026-11-30") {
         openingBalance closingBalance statementTotal matchedTotal ignoredTotal unmatchedTotal unmatchedCount } }`,
      { a: account },
      token.accountant,
    );
    expect(result.data?.bankReconciliation, JSON.stringify(result)).toEqual({
      openingBalance: '100.00',
      closingBalance: '103.50',
      statementTotal: '3.50',
      matchedTotal: '-4.00',
      ignoredTotal: '-1.50',
      unmatchedTotal: '9.00',
      unmatchedCount: 1,
    });
  });
});

describe('demo data', () => {
  it('has a bank account per subsidiary and one statement per format, partly matched', async () => {
    const { rows } = await t.db.owner.query(
      `select s.format, count(*) filter (where l.status = 'matched')::int as matched,
              count(*) filter (where l.status = 'ignored')::int as ignored,
              count(*) filter (where l.status = 'unmatched')::int as unmatched
         from app_public.bank_statements s join app_public.bank_statement_lines l on l.statement_id = s.id
        where s.statement_ref like '%DEMO%' group by s.format order by s.format`,
    );
    expect(rows.map((r) => r.format)).toEqual(['camt053', 'csv', 'mt940']);
    for (const row of rows) {
      expect(row.matched, row.format).toBeGreaterThanOrEqual(2);
      expect(row.ignored, row.format).toBe(1);
      expect(row.unmatched, row.format).toBeGreaterThanOrEqual(2);
    }
    const accounts = await t.db.owner.query(
      'select count(distinct subsidiary_id)::int as n from app_public.bank_accounts',
    );
    expect(accounts.rows[0].n).toBe(3);
  });
});

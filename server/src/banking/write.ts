// Statement files written from data: the demo statements (seed), the test corpus and the
// benchmark's statements. The same three formats the import reads.
import { fromCents, toCents } from './statement.ts';
import type { CsvMapping } from './csv.ts';

export interface StatementEntry {
  /** YYYY-MM-DD */
  date: string;
  /** Signed decimal string: negative is money going out. */
  amount: string;
  name?: string;
  iban?: string;
  remittance?: string;
  reference?: string;
}

export interface StatementData {
  statementId: string;
  iban: string;
  currency: string;
  opening: string;
  entries: StatementEntry[];
  /** Added to the closing balance, to write a statement whose balances do not agree. */
  closingError?: string;
}

const cents = (amount: string) => toCents(amount)!;

export function closingBalance(data: StatementData): string {
  const total = data.entries.reduce((sum, e) => sum + cents(e.amount), cents(data.opening));
  return fromCents(total + (data.closingError ? cents(data.closingError) : 0n));
}

const period = (data: StatementData) => {
  const dates = data.entries.map((e) => e.date).sort();
  const today = new Date().toISOString().slice(0, 10);
  return { from: dates[0] ?? today, to: dates.at(-1) ?? today };
};

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unsigned = (amount: string) => amount.replace(/^-/, '');
const mark = (amount: string) => (amount.startsWith('-') ? 'DBIT' : 'CRDT');

/** ISO 20022 camt.053.001.08. */
export function writeCamt053(data: StatementData): string {
  const { from, to } = period(data);
  const closing = closingBalance(data);
  const balance = (code: string, amount: string, date: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="${data.currency}">${unsigned(amount)}</Amt>
        <CdtDbtInd>${mark(amount)}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`;
  const entries = data.entries.map((e) => {
    const outgoing = e.amount.startsWith('-');
    const party = outgoing ? 'Cdtr' : 'Dbtr';
    return `
      <Ntry>
        <Amt Ccy="${data.currency}">${unsigned(e.amount)}</Amt>
        <CdtDbtInd>${mark(e.amount)}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <NtryDtls><TxDtls>
          <Refs>${e.reference ? `<EndToEndId>${xml(e.reference)}</EndToEndId>` : ''}</Refs>
          <RltdPties>${e.name ? `<${party}><Nm>${xml(e.name)}</Nm></${party}>` : ''}${
            e.iban ? `<${party}Acct><Id><IBAN>${e.iban}</IBAN></Id></${party}Acct>` : ''
          }</RltdPties>
          ${e.remittance ? `<RmtInf><Ustrd>${xml(e.remittance)}</Ustrd></RmtInf>` : ''}
        </TxDtls></NtryDtls>
      </Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${xml(data.statementId)}</MsgId><CreDtTm>${to}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${xml(data.statementId)}</Id>
      <CreDtTm>${to}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${data.iban}</IBAN></Id><Ccy>${data.currency}</Ccy></Acct>${balance('OPBD', data.opening, from)}${balance('CLBD', closing, to)}${entries.join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
const swiftAmount = (amount: string) => unsigned(amount).replace('.', ',');
/** MT940 field 86 text: SWIFT X characters only, no slashes inside a value. */
const swiftText = (text: string) => text.replace(/[/\n\r]/g, ' ').slice(0, 140);

/** SWIFT MT940 with a structured field 86 (/EREF/…/NAME/…/IBAN/…/REMI/…). */
export function writeMt940(data: StatementData): string {
  const { from, to } = period(data);
  const closing = closingBalance(data);
  const balanceField = (tag: string, amount: string, date: string) =>
    `:${tag}:${amount.startsWith('-') ? 'D' : 'C'}${yymmdd(date)}${data.currency}${swiftAmount(amount)}`;
  const lines = [
    `:20:${data.statementId.slice(0, 16)}`,
    `:25:${data.iban}`,
    ':28C:1/1',
    balanceField('60F', data.opening, from),
  ];
  for (const e of data.entries) {
    const out = e.amount.startsWith('-');
    lines.push(
      `:61:${yymmdd(e.date)}${e.date.slice(5, 7)}${e.date.slice(8, 10)}${out ? 'D' : 'C'}${swiftAmount(e.amount)}NTRF${(e.reference ?? 'NONREF').slice(0, 16)}`,
    );
    const details = [
      e.reference ? `/EREF/${swiftText(e.reference)}` : '',
      e.name ? `/NAME/${swiftText(e.name)}` : '',
      e.iban ? `/IBAN/${e.iban}` : '',
      e.remittance ? `/REMI/${swiftText(e.remittance)}` : '',
    ].join('');
    if (details) lines.push(`:86:${details}`);
  }
  lines.push(balanceField('62F', closing, to));
  return `${lines.join('\r\n')}\r\n-\r\n`;
}

/** The mapping of the CSV files writeCsv makes. */
export const WRITTEN_CSV_MAPPING: CsvMapping = {
  delimiter: ';',
  decimalSeparator: ',',
  dateFormat: 'DD.MM.YYYY',
  bookingDate: 'Date',
  amount: 'Amount',
  counterpartyName: 'Counterparty',
  counterpartyIban: 'Counterparty IBAN',
  remittance: 'Description',
  reference: 'Reference',
  balance: 'Balance',
};

const csvCell = (text: string | undefined) => {
  const value = text ?? '';
  return /[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/** A CSV export as many banks write it: semicolons, decimal commas, a running balance. */
export function writeCsv(data: StatementData): string {
  let balance = cents(data.opening);
  const rows = ['Date;Amount;Counterparty;Counterparty IBAN;Description;Reference;Balance'];
  for (const e of data.entries) {
    balance += cents(e.amount);
    const [y, m, d] = e.date.split('-');
    rows.push(
      [
        `${d}.${m}.${y}`,
        e.amount.replace('.', ','),
        csvCell(e.name),
        e.iban ?? '',
        csvCell(e.remittance),
        csvCell(e.reference),
        fromCents(balance).replace('.', ','),
      ].join(';'),
    );
  }
  return `${rows.join('\n')}\n`;
}

import mt940js from 'mt940js';
import { occurrenceLines, parseError, type ParsedStatement } from './statement.ts';

interface Mt940Transaction {
  date: Date;
  entryDate?: Date | '';
  amount: number;
  currency: string;
  details?: string;
  reference?: string;
  bankReference?: string;
  structuredDetails?: Record<string, string>;
}

interface Mt940Statement {
  transactionReference: string;
  accountIdentification: string;
  number: { statement: string; sequence?: string };
  openingBalanceDate: Date;
  closingBalanceDate: Date;
  currency: string;
  openingBalance: number;
  closingBalance: number;
  transactions: Mt940Transaction[];
}

/**
 * The library's parser without its own balance check: the database checks the balances and names
 * the difference (StatementBalanceMismatch), the same for every format.
 */
class Parser extends (mt940js.Parser as new () => {
  parse(data: string): Mt940Statement[];
  _validateGroup(group: unknown, index: number): void;
}) {
  override _validateGroup(group: unknown, index: number): void {
    try {
      super._validateGroup(group, index);
    } catch (error) {
      if (!/^Sum of lines/.test((error as Error).message)) throw error;
    }
  }
}

const day = (date: Date | '' | undefined) =>
  date instanceof Date && !Number.isNaN(date.getTime())
    ? date.toISOString().slice(0, 10)
    : undefined;

/** An amount the library read as a number (2 decimals at most in MT940), as a decimal string. */
const decimal = (value: number) => value.toFixed(2);

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The line of the file a library error speaks of ("Cannot parse tag 61: <data>"). */
function lineOfError(content: string, message: string): number | undefined {
  const tag = /tag (\w+)(?:: ([^\n]*))?/.exec(message);
  if (!tag) return undefined;
  const marker = tag[2] ? `:${tag[1]}:${tag[2]}` : `:${tag[1]}`;
  return occurrenceLines(content, marker)[0];
}

/**
 * A SWIFT MT940 file: one statement (tags 20, 25, 28C, 60F, 61/86…, 62F). The counterparty and the
 * remittance come from field 86 when it is structured (/NAME/…/IBAN/…/REMI/…/EREF/…, or the ?20…
 * subfields); otherwise field 86 is the remittance text.
 */
export function parseMt940(content: string): ParsedStatement {
  let statements: Mt940Statement[];
  try {
    statements = new Parser().parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = (error as Error).message;
    throw parseError(lineOfError(content, message), `not a valid MT940 file: ${message}`);
  }
  if (statements.length === 0)
    throw parseError(undefined, 'not an MT940 file: no statement (tag :20:).');
  if (statements.length > 1)
    throw parseError(
      occurrenceLines(content, ':20:')[1],
      'the file holds several statements; import one statement per file.',
    );
  const statement = statements[0]!;
  const entryLines = occurrenceLines(content, ':61:');
  const lines = statement.transactions.map((t, index) => {
    const line = entryLines[index] ?? 0;
    const details = t.structuredDetails ?? {};
    const subfields = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => details[String(from + i)])
        .filter(Boolean)
        .join('');
    const remittance =
      details.REMI ?? (subfields(20, 29) || undefined) ?? nonEmpty(t.details?.replace(/\n/g, ' '));
    const valueDate = day(t.date);
    if (!valueDate) throw parseError(line, 'the entry has no valid value date.');
    return {
      line,
      bookingDate: day(t.entryDate) ?? valueDate,
      valueDate,
      amount: decimal(t.amount),
      counterpartyName: nonEmpty(details.NAME ?? (subfields(32, 33) || undefined)),
      counterpartyIban: nonEmpty(details.IBAN ?? details['31']),
      remittance: nonEmpty(remittance),
      reference: nonEmpty(details.EREF) ?? nonEmpty(t.bankReference) ?? nonEmpty(t.reference),
    };
  });
  const statementNumber = [statement.number.statement, statement.number.sequence]
    .filter(Boolean)
    .join('/');
  return {
    statementId: `${statement.transactionReference}:${statementNumber}`,
    accountIban: statement.accountIdentification.replace(/\s/g, '').match(/^[A-Z]{2}\d{2}/)
      ? statement.accountIdentification.split('/')[0]
      : undefined,
    currency: statement.currency,
    openingBalance: decimal(statement.openingBalance),
    closingBalance: decimal(statement.closingBalance),
    fromDate: day(statement.openingBalanceDate),
    toDate: day(statement.closingBalanceDate),
    lines,
  };
}

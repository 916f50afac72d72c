import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isoDate, money, occurrenceLines, parseError, type ParsedStatement } from './statement.ts';

// The parsed XML is untyped: its shape is checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return text((value as Node)['#text']);
  const result = String(value).trim();
  return result === '' ? undefined : result;
};

/** A signed amount: DBIT (money out) is negative. */
function signed(amount: unknown, indicator: unknown, line: number, what: string): string {
  const value = money(text(amount), line, what);
  const mark = text(indicator);
  if (mark !== 'CRDT' && mark !== 'DBIT')
    throw parseError(
      line,
      `${what}: the credit/debit mark must be CRDT or DBIT, not "${mark ?? ''}".`,
    );
  return mark === 'DBIT' && !value.startsWith('-') ? `-${value}` : value;
}

const dateOf = (node: Node | undefined) => text(node?.Dt) ?? text(node?.DtTm);

/**
 * An ISO 20022 camt.053 (bank-to-customer statement) file: one statement (Stmt) with its opening
 * (OPBD, or PRCD) and closing (CLBD) booked balances and its entries (Ntry).
 */
export function parseCamt053(content: string): ParsedStatement {
  const valid = XMLValidator.validate(content);
  if (valid !== true) throw parseError(valid.err.line, `not well-formed XML: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) =>
      ['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
  });
  const document = parser.parse(content) as Node;
  const statements = list<Node>(document.Document?.BkToCstmrStmt?.Stmt);
  if (statements.length === 0)
    throw parseError(
      undefined,
      'not a camt.053 statement: no Document/BkToCstmrStmt/Stmt element.',
    );
  const stmtLines = occurrenceLines(content, '<Stmt>');
  if (statements.length > 1)
    throw parseError(
      stmtLines[1],
      'the file holds several statements; import one statement per file.',
    );
  const stmt = statements[0]!;
  const stmtLine = stmtLines[0] ?? 1;
  const balanceLines = occurrenceLines(content, '<Bal>');
  const entryLines = occurrenceLines(content, '<Ntry>');
  const statementId = text(stmt.Id);
  if (!statementId) throw parseError(stmtLine, 'the statement has no Id.');
  const currency = text(stmt.Acct?.Ccy);

  let openingBalance: string | null = null;
  let closingBalance: string | null = null;
  let balanceCurrency: string | undefined;
  let fromDate: string | undefined;
  let toDate: string | undefined;
  list<Node>(stmt.Bal).forEach((bal, index) => {
    const line = balanceLines[index] ?? stmtLine;
    const code = text(bal.Tp?.CdOrPrtry?.Cd);
    const amount = signed(bal.Amt, bal.CdtDbtInd, line, `balance ${code ?? ''}`.trim());
    balanceCurrency ??= text(bal.Amt?.['@Ccy']);
    const date = dateOf(bal.Dt);
    if ((code === 'OPBD' || code === 'PRCD') && openingBalance === null) {
      openingBalance = amount;
      if (date) fromDate = isoDate(date, line, 'The balance date');
    }
    if (code === 'CLBD') {
      closingBalance = amount;
      if (date) toDate = isoDate(date, line, 'The balance date');
    }
  });

  const lines = list<Node>(stmt.Ntry).map((entry, index) => {
    const line = entryLines[index] ?? stmtLine;
    const amount = signed(entry.Amt, entry.CdtDbtInd, line, 'The entry amount');
    const bookingDate = isoDate(dateOf(entry.BookgDt), line, 'The booking date');
    const valueDate = dateOf(entry.ValDt)
      ? isoDate(dateOf(entry.ValDt), line, 'The value date')
      : bookingDate;
    const tx = list<Node>(list<Node>(entry.NtryDtls)[0]?.TxDtls)[0] ?? {};
    const outgoing = amount.startsWith('-');
    const party = outgoing ? tx.RltdPties?.Cdtr : tx.RltdPties?.Dbtr;
    const partyAccount = outgoing ? tx.RltdPties?.CdtrAcct : tx.RltdPties?.DbtrAcct;
    const remittance = [
      ...list(tx.RmtInf?.Ustrd).map(text),
      ...list<Node>(tx.RmtInf?.Strd).map((s) => text(s.CdtrRefInf?.Ref)),
      text(entry.AddtlNtryInf),
    ]
      .filter(Boolean)
      .join(' ');
    return {
      line,
      bookingDate,
      valueDate,
      amount,
      counterpartyName: text(party?.Nm) ?? text(party?.Pty?.Nm),
      counterpartyIban: text(partyAccount?.Id?.IBAN),
      remittance: remittance || undefined,
      reference: text(tx.Refs?.EndToEndId) ?? text(entry.AcctSvcrRef) ?? text(tx.Refs?.AcctSvcrRef),
    };
  });

  return {
    statementId,
    accountIban: text(stmt.Acct?.Id?.IBAN),
    currency: currency ?? balanceCurrency ?? '',
    openingBalance,
    closingBalance,
    fromDate,
    toDate,
    lines,
  };
}

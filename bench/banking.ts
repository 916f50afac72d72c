// npm run bench:banking -- --scale S [--lines N] [--out file]
//
// Statement import and matching at scale (issue 30, docs/reconciliation.md): a statement of N
// lines (default 10,000) is made from the generated data's own payments of Northwind NL in EUR
// (each payment a line, its invoice's or bill's number in the remittance) and, to reach N, the
// remaining amounts of open invoices and bills; written in camt.053, MT940 and CSV; each file is
// parsed by the import's parsers and stored by its SQL function (app_hidden.import_bank_statement,
// which also works out the suggestions) as the accountant, under row-level security; then the
// first page of the queue with each line's ranked suggestions is read, and the sure matches are
// accepted at once. Every import is rolled back, so the three formats start from the same data.
// Run `npm run bench:data -- --scale S` first.
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { parseStatement } from '../server/src/banking/parse.ts';
import type { StatementFormat } from '../server/src/banking/statement.ts';
import {
  WRITTEN_CSV_MAPPING,
  writeCamt053,
  writeCsv,
  writeMt940,
  type StatementEntry,
} from '../server/src/banking/write.ts';
import { VISITOR_ROLE } from '../server/src/db/database.ts';
import { log, numberOption, parseScaleArgs } from './lib/cli.ts';
import { openBenchCluster, withClient } from './lib/cluster.ts';

const { scale, values } = parseScaleArgs({ lines: { type: 'string' }, out: { type: 'string' } });
const lineCount = numberOption(values.lines, 'lines', 10_000);
const out = typeof values.out === 'string' ? values.out : 'bench/results/banking.md';
const IBAN = 'NL02ABNA0123456789';
const WRITERS = { camt053: writeCamt053, mt940: writeMt940, csv: writeCsv };

const cluster = await openBenchCluster(log);
const ms = (start: number) => Math.round(performance.now() - start);
const rows: string[] = [];
try {
  await withClient(cluster.ownerUrl, async (client) => {
    const who = await client.query<{ user_id: string; account_id: string; subsidiary_id: string }>(
      `select u.id as user_id, a.id as account_id, s.id as subsidiary_id
         from app_public.users u join app_public.accounts a on a.user_id = u.id
         join app_public.roles r on r.id = a.role_id
         join app_public.subsidiaries s on s.short_name = 'Northwind NL'
        where u.username = 'accountant' and r.name = 'accountant' limit 1`,
    );
    if (!who.rows[0]) throw new Error('No benchmark data: run npm run bench:data first.');
    const { user_id: userId, account_id: accountId, subsidiary_id: subsidiaryId } = who.rows[0];
    // The generator's payments (money out for invoices, in for bills) and open records' remainders.
    const payments = await client.query<StatementEntry>(
      `select to_char(p.payment_date, 'YYYY-MM-DD') as date,
              case when ip.id is not null then '-' else '' end || p.amount::text as amount,
              coalesce(s.legal_name, c.legal_name) as name,
              'Payment ' || coalesce(i.invoice_ref, b.invoice_ref, b.name) as remittance
         from app_public.payments p
         left join app_public.invoices_payments ip on ip.payment_id = p.id
         left join app_public.invoices i on i.id = ip.invoice_id
         left join app_public.suppliers s on s.id = i.supplier_id
         left join app_public.bills_payments bp on bp.payment_id = p.id
         left join app_public.bills b on b.id = bp.bill_id
         left join app_public.clients c on c.id = b.client_id
        where p.subsidiary_id = $1 and p.currency = 'EUR' and p.payment_method = 'transaction'
        order by p.payment_date desc limit $2`,
      [subsidiaryId, lineCount],
    );
    const open = await client.query<StatementEntry>(
      `select to_char(current_date, 'YYYY-MM-DD') as date,
              case when kind = 'invoice' then '-' else '' end || remaining::text as amount,
              party_legal_name as name, 'Settlement ' || number as remittance
         from app_hidden.open_payables
        where subsidiary_id = $1 and currency = 'EUR' and remaining > 0 and number is not null
        order by record_id limit $2`,
      [subsidiaryId, lineCount],
    );
    const entries = [...open.rows, ...payments.rows].slice(0, lineCount);
    for (let i = entries.length; i < lineCount; i++)
      entries.push({ date: '2026-10-31', amount: '-1.50', name: 'Bank', remittance: `Fee ${i}` });
    entries.sort((a, b) => a.date.localeCompare(b.date));
    log(
      `${entries.length} lines: ${open.rows.length} open records' remainders, ` +
        `${Math.min(payments.rows.length, lineCount - open.rows.length)} of the generator's payments, the rest fees`,
    );
    await client.query(
      `insert into app_public.bank_accounts (subsidiary_id, name, iban, currency)
       values ($1, 'Benchmark account', $2, 'EUR') on conflict do nothing`,
      [subsidiaryId, IBAN],
    );
    const bankAccount = await client.query<{ id: string }>(
      'select id from app_public.bank_accounts where iban = $1',
      [IBAN],
    );
    for (const format of ['camt053', 'mt940', 'csv'] as StatementFormat[]) {
      let start = performance.now();
      const content = WRITERS[format]({
        statementId: `BENCH-${format}-${Date.now()}`,
        iban: IBAN,
        currency: 'EUR',
        opening: '1000000.00',
        entries,
      });
      const written = ms(start);
      start = performance.now();
      const parsed = parseStatement(format, content, {
        mapping: WRITTEN_CSV_MAPPING,
        currency: 'EUR',
        statementId: `BENCH-${format}-${Date.now()}`,
      });
      const parseMs = ms(start);
      await client.query('begin');
      try {
        await client.query(
          `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true),
                  set_config('jwt.claims.account_id', $3, true)`,
          [VISITOR_ROLE, userId, accountId],
        );
        start = performance.now();
        const imported = await client.query<{ id: string }>(
          'select id from app_hidden.import_bank_statement($1, $2, null, $3, $4, $5)',
          [
            bankAccount.rows[0]!.id,
            format,
            createHash('sha256').update(content).digest('hex'),
            JSON.stringify(parsed.statement),
            parsed.mapping ? JSON.stringify(parsed.mapping) : null,
          ],
        );
        const importMs = ms(start);
        const stats = await client.query<{ high: string; medium: string }>(
          `select count(*) filter (where suggestion_confidence = 'high') as high,
                  count(*) filter (where suggestion_confidence = 'medium') as medium
             from app_public.bank_statement_lines where statement_id = $1`,
          [imported.rows[0]!.id],
        );
        start = performance.now();
        await client.query(
          `select l.id, s.* from (select * from app_public.bank_statement_lines
                                   where bank_account_id = $1 and status in ('unmatched', 'partly_matched')
                                   order by value_date, id limit 25) l
             cross join lateral app_public.bank_statement_lines_suggestions(l) s`,
          [bankAccount.rows[0]!.id],
        );
        const pageMs = ms(start);
        start = performance.now();
        const accepted = await client.query(
          'select count(*) from app_public.accept_high_confidence_matches($1)',
          [imported.rows[0]!.id],
        );
        const acceptMs = ms(start);
        const row =
          `| ${format} | ${(content.length / 1024 / 1024).toFixed(1)} MB | ${written} | ${parseMs} | ` +
          `${importMs} | ${parseMs + importMs} | ${stats.rows[0]!.high} / ${stats.rows[0]!.medium} | ` +
          `${pageMs} | ${accepted.rows[0].count} in ${acceptMs} |`;
        rows.push(row);
        log(row);
      } finally {
        await client.query('rollback');
      }
    }
  });
} finally {
  await cluster.stop();
}

const report = `# Statement import and matching (scale ${scale}, ${lineCount.toLocaleString('en')} lines)

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:banking -- --scale ${scale}\`
(bench/banking.ts): one statement of Northwind NL in EUR made from the generated payments and open
records, imported as the accountant under row-level security, then rolled back. Times in ms.
"parse + import" is what the upload waits for; "import" includes the duplicate and balance checks,
the insert of every line and the set-based suggestions.

| format | file | write | parse | import (SQL) | parse + import | sure / likely suggestions | first page of 25 with ranked suggestions | sure matches accepted |
| ------ | ---- | ----- | ----- | ------------ | -------------- | ------------------------- | ---------------------------------------- | --------------------- |
${rows.join('\n')}
`;
fs.writeFileSync(out, report);
console.log(report);

// Recomputes every record's audit chain (app_private.audit_verify) and lists the first broken
// link of each record: the row whose content no longer matches its hash, whose predecessor's
// hash differs from the one it was chained to, or before which a row is missing.
import pg from 'pg';

export interface BrokenLink {
  auditId: string;
  tableName: string;
  recordId: string;
  recordSeq: number;
  problem: string;
}

export async function verifyAuditTrail(ownerUrl: string): Promise<BrokenLink[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      audit_id: string;
      table_name: string;
      record_id: string;
      record_seq: number;
      problem: string;
    }>('select * from app_private.audit_verify() order by audit_id');
    return rows.map((row) => ({
      auditId: row.audit_id,
      tableName: row.table_name,
      recordId: row.record_id,
      recordSeq: row.record_seq,
      problem: row.problem,
    }));
  } finally {
    await client.end();
  }
}

/** One line per broken link, e.g. "audit row 812 (invoices 241, change 3): the content does not match its hash". */
export function describeBrokenLink(link: BrokenLink): string {
  return `audit row ${link.auditId} (${link.tableName} ${link.recordId}, change ${link.recordSeq}): ${link.problem}`;
}

import type pg from 'pg';

/**
 * What a violated constraint means to a user, read from the database (docs/errors.md
 * "Constraints"): a constraint's or unique index's comment `@code <Code>` and, on the next line,
 * the English message; a trigger function that raises under a constraint name says which with
 * `@constraint <name>`. Lines after the message explain the rule to a reader of db/schema.sql.
 */
export interface ConstraintCode {
  code: string;
  message: string;
}

export function parseConstraintComment(
  comment: string,
): (ConstraintCode & { constraint?: string }) | undefined {
  const lines = comment.split('\n');
  const tags = new Map<string, string>();
  let i = 0;
  for (; i < lines.length && lines[i]!.startsWith('@'); i++) {
    const [tag, ...value] = lines[i]!.slice(1).split(' ');
    tags.set(tag!, value.join(' ').trim());
  }
  const code = tags.get('code');
  const message = lines[i]?.trim();
  if (!code || !message) return undefined;
  return { code, message, constraint: tags.get('constraint') };
}

const SCHEMAS = ['app_public', 'app_hidden', 'app_private'];

/** Every constraint name with a code, from the comments of the schema's constraints and indexes. */
export async function readConstraintCodes(
  client: Pick<pg.ClientBase, 'query'>,
): Promise<Map<string, ConstraintCode>> {
  const { rows } = await client.query<{ name: string; comment: string }>(
    `select con.conname as name, d.description as comment
       from pg_constraint con
       join pg_description d on d.objoid = con.oid and d.classoid = 'pg_constraint'::regclass
      where con.connamespace::regnamespace::text = any($1)
     union all
     select c.relname, d.description
       from pg_class c
       join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
      where c.relkind = 'i' and c.relnamespace::regnamespace::text = any($1)
     union all
     select null, d.description
       from pg_proc p
       join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass
      where p.pronamespace::regnamespace::text = any($1) and d.description like '@constraint %'`,
    [SCHEMAS],
  );
  const codes = new Map<string, ConstraintCode>();
  for (const row of rows) {
    const parsed = parseConstraintComment(row.comment);
    const name = parsed?.constraint ?? row.name;
    if (parsed && name) codes.set(name, { code: parsed.code, message: parsed.message });
  }
  return codes;
}

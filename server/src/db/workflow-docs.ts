import type pg from 'pg';

/**
 * docs/workflows.md's transition graphs and action tables, generated from app_private.transitions
 * (the table the workflow functions check), and the list of preconditions from
 * app_private.preconditions, so that the documentation cannot drift from the rules. Each is written
 * between `<!-- transitions: KEY -->` and `<!-- /transitions -->` (KEY: an entity or `preconditions`).
 */
export const ENTITIES = { invoice: 'invoices', cost: 'costs', bill: 'bills' } as const;
type Entity = keyof typeof ENTITIES;
type Section = Entity | 'preconditions';

interface Transition {
  action: string;
  from_states: string[];
  to_state: string | null;
  scopes: string[];
  preconditions: string[];
  on_archived: boolean;
}

export async function workflowSections(client: pg.ClientBase): Promise<Record<Section, string>> {
  const sections = {} as Record<Section, string>;
  for (const [entity, table] of Object.entries(ENTITIES) as [Entity, string][]) {
    const { rows: initial } = await client.query<{ state: string }>(
      `select substring(column_default from '''([a-z_]+)''') as state from information_schema.columns
        where table_schema = 'app_public' and table_name = $1 and column_name = 'status'`,
      [table],
    );
    const { rows } = await client.query<Transition>(
      `select action, array_agg(from_state order by from_state) as from_states, to_state, scopes, preconditions,
              on_archived
         from app_private.transitions where entity = $1
        group by action, to_state, scopes, preconditions, on_archived
        order by action, to_state nulls last, scopes, preconditions`,
      [entity],
    );
    const lines = ['```mermaid', 'stateDiagram-v2', `  [*] --> ${initial[0]!.state}: create`];
    for (const row of rows.filter((r) => r.to_state)) {
      for (const from of row.from_states) {
        lines.push(`  ${from} --> ${row.to_state}: ${row.action} (${row.scopes.join(', ')})`);
      }
    }
    lines.push('```', '');
    lines.push(
      '| action | from | needs | when | on an archived record |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const row of rows) {
      lines.push(
        `| \`${row.action}\` | ${row.from_states.join(', ')}${row.to_state ? ` → ${row.to_state}` : ''} | ${row.scopes.map((scope) => `\`${scope}\``).join(' and ')} | ${row.preconditions.map((p) => `\`${p}\``).join(', ')} | ${row.on_archived ? 'yes' : 'no'} |`,
      );
    }
    sections[entity] = lines.join('\n');
  }
  const { rows: preconditions } = await client.query<{
    name: string;
    code: string;
    description: string;
  }>('select name, code, description from app_private.preconditions order by name');
  sections.preconditions = [
    '| precondition | holds when | refused with |',
    '| --- | --- | --- |',
    ...preconditions.map((p) => `| \`${p.name}\` | ${p.description} | \`${p.code}\` |`),
  ].join('\n');
  return sections;
}

/** The markdown with each marked section replaced by its generated content, formatted. */
export async function withWorkflowSections(
  markdown: string,
  sections: Record<Section, string>,
): Promise<string> {
  let result = markdown;
  for (const [entity, content] of Object.entries(sections)) {
    const start = `<!-- transitions: ${entity} -->`;
    const end = '<!-- /transitions -->';
    const from = result.indexOf(start);
    const to = result.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`docs/workflows.md has no ${start} … ${end} section`);
    result = `${result.slice(0, from + start.length)}\n\n${content}\n\n${result.slice(to)}`;
  }
  // As `npm run format` would write it, so that the format check and this agree.
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(WORKFLOWS_FILE);
  return prettier.format(result, { ...options, parser: 'markdown' });
}

export const WORKFLOWS_FILE = new URL('../../../docs/workflows.md', import.meta.url);

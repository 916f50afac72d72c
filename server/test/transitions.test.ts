// Transitions as data (docs/workflows.md): one table drives the workflow checks and the actions a
// screen offers; the guard refuses status changes made any other way; the workflow mode nests.
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestDatabase, type TestDatabase } from './helpers.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});

async function actionsAs(username: string, table: string, where: string): Promise<string[]> {
  return asUser(db, username, async (client) => {
    const { rows } = await client.query(
      `select app_public.${table}_available_actions(r) as actions from app_public.${table} r where ${where} limit 1`,
    );
    return rows[0]?.actions ?? null;
  });
}

const NL = `subsidiary_id = (select id from app_public.subsidiaries where short_name = 'Northwind NL')`;

describe('available actions come from the transitions table', () => {
  it('an open invoice: the accountant may validate, reject, edit…; the viewer nothing', async () => {
    const where = `status = 'open' and not is_deleted and ${NL}`;
    expect(await actionsAs('accountant', 'invoices', where)).toEqual([
      'add_files',
      'add_payment',
      'archive',
      'delete',
      'duplicate',
      'edit',
      'reject',
      'remove_files',
      'validate',
    ]);
    expect(await actionsAs('viewer', 'invoices', where)).toEqual([]);
  });

  it('a paid invoice: reset needs close_invoice too; force delete only for admin:invoice:write', async () => {
    const where = `status = 'paid' and not is_deleted and ${NL}`;
    const admin = await actionsAs('admin', 'invoices', where);
    expect(admin).toEqual(expect.arrayContaining(['reset_to_open', 'force_delete', 'archive']));
    expect(admin).not.toContain('validate');
    expect(admin).not.toContain('delete');
    const accountant = await actionsAs('accountant', 'invoices', where);
    expect(accountant).toContain('reset_to_open');
    expect(accountant).not.toContain('force_delete');
  });

  it('costs and bills: approve only to approve; force delete of an approved cost only as admin', async () => {
    expect(await actionsAs('accountant', 'costs', `status = 'to_approve' and ${NL}`)).toEqual([
      'add_files',
      'approve',
      'delete',
      'edit',
      'reject',
      'remove_files',
    ]);
    expect(await actionsAs('accountant', 'costs', `status = 'approved' and ${NL}`)).toEqual([
      'add_files',
      'reject',
      'remove_files',
      'return_to_approval',
    ]);
    expect(await actionsAs('admin', 'costs', `status = 'approved'`)).toContain('force_delete');
    expect(await actionsAs('accountant', 'bills', `status = 'open' and ${NL}`)).toEqual([
      'add_files',
      'add_payment',
      'archive',
      'delete',
      'edit',
      'remove_files',
      'validate',
    ]);
  });

  it('an archived invoice offers only restoring and deleting', async () => {
    const id = (
      await db.owner.query(
        `select id from app_public.invoices where status = 'draft' and ${NL} limit 1`,
      )
    ).rows[0].id;
    const actions = await asUser(db, 'accountant', async (client) => {
      await client.query('select app_public.set_invoice_deleted($1, true)', [id]);
      const { rows } = await client.query(
        'select app_public.invoices_available_actions(i) as actions from app_public.invoices i where id = $1',
        [id],
      );
      return rows[0].actions;
    });
    expect(actions).toEqual(['delete', 'unarchive']);
  });

  it('only the preconditions of actions the account could take are checked (none without one)', async () => {
    // A precondition precondition_refusal does not know fails as soon as it is checked, so it
    // shows which accounts' available actions check it: approving a cost names it here.
    await db.owner.query(
      `insert into app_private.preconditions (name, code, description) values ('probe', 'Probe', 'a test')`,
    );
    const approve = `entity = 'cost' and action = 'approve' and from_state = 'to_approve'`;
    await db.owner.query(
      `update app_private.transitions set preconditions = preconditions || '{probe}' where ${approve}`,
    );
    // With their statistics PostgreSQL knows both tables are small (a running database's state).
    await db.owner.query('analyze app_private.preconditions, app_private.transitions');
    try {
      const where = `status = 'to_approve' and ${NL}`;
      expect(await actionsAs('viewer', 'costs', where)).toEqual([]);
      await expect(actionsAs('accountant', 'costs', where)).rejects.toThrow(/case not found/);
    } finally {
      await db.owner.query(
        `update app_private.transitions set preconditions = array_remove(preconditions, 'probe') where ${approve}`,
      );
      await db.owner.query(`delete from app_private.preconditions where name = 'probe'`);
    }
  });
});

describe('the guard and the workflow mode', () => {
  it('a direct status update by the visitor is refused by the guard (CannotChangeStatus)', async () => {
    const result = await asUser(db, 'accountant', async (client) => {
      try {
        await client.query(
          `update app_public.invoices set status = 'paid' where id = (select id from app_public.invoices where status = 'open' and ${NL} limit 1)`,
        );
        return 'accepted';
      } catch (error) {
        return (error as { hint?: string }).hint;
      }
    });
    expect(result).toBe('CannotChangeStatus');
  });

  it('set_workflow_mode returns the mode it replaced, so nested transitions restore it', async () => {
    const modes = await asUser(db, 'accountant', async (client) => {
      const seen: string[] = [];
      const set = async (mode: string) =>
        (await client.query('select app_hidden.set_workflow_mode($1) as previous', [mode])).rows[0]
          .previous as string;
      seen.push(await set('on')); // off
      seen.push(await set('purge')); // on
      seen.push(await set('on')); // purge: restored by the inner transition's end
      seen.push(await set('off')); // on
      return seen;
    });
    expect(modes).toEqual(['off', 'on', 'purge', 'on']);
  });
});

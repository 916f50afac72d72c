// Permissions checked in SQL everywhere (issue 32, item 7; docs/permissions.md "Checked in the
// database"): creating and (de)activating users and replacing and deleting files are each one SQL
// function that runs as the caller under row-level security; the refusals come from the database,
// whoever calls it, and the API only hashes the password.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { asUser, createTestApp, errorCode, gql, login, type TestApp } from './helpers.ts';

let t: TestApp;
const token: Record<string, string> = {};
let hash: string;
let viewerRole: string;

async function one<T = any>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.db.owner.query(sql, params);
  return rows[0] as T;
}

/** The database's refusal (its hint, the stable code) of a statement run as the user. */
async function refusalAs(user: string, sql: string, params: unknown[] = []) {
  return asUser(t.db, user, async (client) => {
    try {
      const result = await client.query(sql, params);
      return { rowCount: result.rowCount };
    } catch (error) {
      const { code, hint } = error as { code?: string; hint?: string };
      return { code, hint };
    }
  });
}

const userIdOf = async (username: string) =>
  (await one<{ id: string }>('select id from app_public.users where username = $1', [username])).id;

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'viewer']) token[user] = (await login(t.app, user)).accessToken;
  hash = await hashPassword('Temp#2026pass');
  viewerRole = (await one(`select id from app_public.roles where name = 'viewer'`)).id;
});

describe('creating a user is checked and written by one SQL function', () => {
  const create = (user: string, username: string) =>
    refusalAs(user, 'select app_hidden.create_user($1, $2, $3, null, $4, null, $5)', [
      username,
      'Una',
      'New',
      viewerRole,
      hash,
    ]);

  it('without admin:user the database refuses it (Forbidden) and writes nothing', async () => {
    expect(await create('viewer', 'refused1')).toMatchObject({ code: 'LL001', hint: 'Forbidden' });
    const api = await gql(
      t.app,
      `mutation C($r: UUID!) { createUser(input: { username: "refused2", password: "Temp#2026pass", firstName: "A", lastName: "B", roleId: $r }) { userId } }`,
      { r: viewerRole },
      token.viewer,
    );
    expect(errorCode(api)).toBe('Forbidden');
    expect(
      (await one(`select count(*)::int n from app_public.users where username like 'refused%'`)).n,
    ).toBe(0);
  });

  it('with admin:user: the user, its password, its account and main account, all at once', async () => {
    const api = await gql(
      t.app,
      `mutation C($r: UUID!) { createUser(input: { username: "made1", password: "Temp#2026pass", firstName: "Mia", lastName: "Made", roleId: $r }) { userId } }`,
      { r: viewerRole },
      token.admin,
    );
    expect(api.errors).toBeUndefined();
    const made = await one(
      `select (select count(*) from app_private.user_secrets s where s.user_id = u.id)::int secrets,
              (select a.name from app_public.default_accounts d join app_public.accounts a on a.id = d.account_id
                where d.user_id = u.id) main_account
         from app_public.users u where u.username = 'made1'`,
    );
    expect(made).toEqual({ secrets: 1, main_account: 'viewer' });
    expect((await login(t.app, 'made1', 'Temp#2026pass')).accessToken).toBeTruthy();
  });

  it('a taken username or an unknown role is refused by the database and leaves nothing behind', async () => {
    expect(await create('admin', 'ADMIN')).toMatchObject({ code: 'LL001', hint: 'UsernameTaken' });
    expect(
      await refusalAs('admin', 'select app_hidden.create_user($1, $2, $3, null, $4, null, $5)', [
        'norole',
        'N',
        'R',
        '00000000-0000-0000-0000-000000000001',
        hash,
      ]),
    ).toMatchObject({ code: 'LL001', hint: 'RoleNotFound' });
  });

  it('a first password is set only for a user without one', async () => {
    const viewer = await userIdOf('viewer');
    expect(
      await refusalAs('admin', 'select app_hidden.set_new_user_password($1, $2)', [viewer, hash]),
    ).toMatchObject({ code: 'LL001', hint: 'Forbidden' });
  });
});

describe('activating and deactivating a user is checked and written by one SQL function', () => {
  it('without admin:user the database refuses it', async () => {
    const blocked = await userIdOf('blocked');
    expect(
      await refusalAs('viewer', 'select app_hidden.set_user_active($1, true)', [blocked]),
    ).toMatchObject({ code: 'LL001', hint: 'Forbidden' });
    expect(
      await refusalAs('viewer', 'update app_public.users set is_active = true where id = $1', [
        blocked,
      ]),
    ).toMatchObject({ rowCount: 0 });
  });

  it('nobody deactivates themselves, whatever writes it (CannotDeactivateSelf)', async () => {
    const admin = await userIdOf('admin');
    expect(
      await refusalAs('admin', 'select app_hidden.set_user_active($1, false)', [admin]),
    ).toMatchObject({ code: 'LL001', hint: 'CannotDeactivateSelf' });
    expect(
      await refusalAs('admin', 'update app_public.users set is_active = false where id = $1', [
        admin,
      ]),
    ).toMatchObject({ code: 'LL001', hint: 'CannotDeactivateSelf' });
  });

  it('an unknown user is UserNotFound; deactivating ends the user’s sign-ins in the same transaction', async () => {
    expect(
      await refusalAs('admin', 'select app_hidden.set_user_active($1, false)', [
        '00000000-0000-0000-0000-000000000002',
      ]),
    ).toMatchObject({ code: 'LL001', hint: 'UserNotFound' });
    await login(t.app, 'viewer');
    const viewer = await userIdOf('viewer');
    const revoked = await asUser(t.db, 'admin', async (client) => {
      await client.query('select app_hidden.set_user_active($1, false)', [viewer]);
      await client.query('reset role');
      const { rows } = await client.query(
        'select bool_and(revoked_at is not null) as all_revoked from app_private.refresh_tokens where user_id = $1',
        [viewer],
      );
      return rows[0].all_revoked;
    });
    expect(revoked).toBe(true);
  });
});

describe('replacing and deleting a file is checked and written by one SQL function', () => {
  /** A file uploaded by the viewer and attached by the admin to an invoice the viewer may not write. */
  async function attachedFile() {
    const sha = randomBytes(32).toString('hex');
    const file = await one<{ id: string }>(
      `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
       values ('a.pdf', 'application/pdf', 3, $1, (select id from app_public.users where username = 'viewer'))
       returning id`,
      [sha],
    );
    await t.db.owner.query(
      `insert into app_public.invoices_files (invoice_id, file_id)
       values ((select min(id) from app_public.invoices where not is_deleted), $1)`,
      [file.id],
    );
    return file.id;
  }
  const replace = (user: string, id: string) =>
    refusalAs(user, 'select * from app_hidden.replace_file($1, $2, $3, $4, $5)', [
      id,
      'b.pdf',
      'application/pdf',
      4,
      randomBytes(32).toString('hex'),
    ]);

  it('its uploader without write access to the invoice it is attached to is refused (Forbidden)', async () => {
    const id = await attachedFile();
    expect(await replace('viewer', id)).toMatchObject({ code: 'LL001', hint: 'Forbidden' });
    expect(await refusalAs('viewer', 'select app_hidden.delete_file($1)', [id])).toMatchObject({
      code: 'LL001',
      hint: 'Forbidden',
    });
    // The table refuses the same writes made directly (it allowed its uploader before).
    expect(
      await refusalAs('viewer', `update app_public.files set name = 'x.pdf' where id = $1`, [id]),
    ).toMatchObject({ rowCount: 0 });
    expect(
      await refusalAs('viewer', 'delete from app_public.files where id = $1', [id]),
    ).toMatchObject({ rowCount: 0 });
  });

  it('a writer of every record it is attached to replaces and deletes it', async () => {
    const id = await attachedFile();
    expect(await replace('admin', id)).toMatchObject({ rowCount: 1 });
    expect(await refusalAs('admin', 'select app_hidden.delete_file($1)', [id])).toMatchObject({
      rowCount: 1,
    });
  });

  it('a file one cannot see is FileNotFound, over REST too', async () => {
    const id = await attachedFile();
    await t.db.owner.query(`update app_public.files set uploaded_by = null where id = $1`, [id]);
    await t.db.owner.query(`delete from app_public.invoices_files where file_id = $1`, [id]);
    expect(await replace('viewer', id)).toMatchObject({ code: 'LL001', hint: 'FileNotFound' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/storage/${id}`,
      headers: { authorization: `Bearer ${token.viewer}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FileNotFound' });
  });

  it('over REST, the database’s refusal is a 403 Forbidden and the file stays', async () => {
    const id = await attachedFile();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/storage/${id}`,
      headers: { authorization: `Bearer ${token.viewer}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'Forbidden' });
    expect((await one('select count(*)::int n from app_public.files where id = $1', [id])).n).toBe(
      1,
    );
  });
});

// Authentication and session rules (SPEC §4, §5, §7, §8; DESIGN §6), through the GraphQL API.
import { createSigner } from 'fast-jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, gql, login, createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

let t: TestApp;

const REFRESH = `mutation R($token: String!) { refreshAccess(input: { refreshToken: $token }) { accessToken expiresIn refreshToken } }`;
const SWITCH = `mutation S($id: UUID!) { switchAccount(input: { accountId: $id }) { accessToken expiresIn refreshToken } }`;
const ME = `{ currentUser { username displayName effectiveScopes currentAccount { id name } accounts { nodes { id name isDefault } } } }`;
const INVOICE_COUNT = `{ allInvoices { totalCount } }`;

async function userId(username: string): Promise<string> {
  const { rows } = await t.db.owner.query('select id from app_public.users where username = $1', [
    username,
  ]);
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('login', () => {
  it('returns an access token, its lifetime in seconds (15 min) and a refresh token', async () => {
    const tokens = await login(t.app, 'admin');
    expect(tokens.expiresIn).toBe(900);
    expect(tokens.accessToken.split('.')).toHaveLength(3);
    expect(tokens.refreshToken.length).toBeGreaterThanOrEqual(40);
  });

  it('a wrong password or unknown user fails with InvalidCredentials and the SPEC message', async () => {
    for (const [username, password] of [
      ['admin', 'Wrong#2026pass'],
      ['nobody', 'Demo#2026pass'],
    ]) {
      const result = await gql(
        t.app,
        `mutation { login(input: { username: "${username}", password: "${password}" }) { accessToken } }`,
      );
      expect(errorCode(result)).toBe('InvalidCredentials');
      expect(result.errors![0]!.message).toBe('Login faild due to invalid credentials');
    }
  });

  it('an inactive user cannot log in', async () => {
    const result = await gql(
      t.app,
      `mutation { login(input: { username: "blocked", password: "Demo#2026pass" }) { accessToken } }`,
    );
    expect(errorCode(result)).toBe('UserInactive');
  });

  it('usernames are matched without regard to case', async () => {
    await expect(login(t.app, 'ADMIN')).resolves.toHaveProperty('accessToken');
  });
});

describe('the access token decides what a request sees', () => {
  it.each([
    ['manager', true],
    ['accountant', false],
    ['admin', false],
  ])(
    'the token of %s says whether its account is project-limited (%s)',
    async (username, limited) => {
      const { accessToken } = await login(t.app, username);
      const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
      expect(payload.plim === true).toBe(limited);
    },
  );

  it('a request with a valid token and one without see different rows', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const signedIn = await gql(t.app, INVOICE_COUNT, {}, accessToken);
    const anonymous = await gql(t.app, INVOICE_COUNT);
    expect(signedIn.data!.allInvoices.totalCount).toBeGreaterThan(200);
    expect(anonymous.data!.allInvoices.totalCount).toBe(0);
  });

  it('admin sees every invoice while accountant sees only its subsidiary', async () => {
    const admin = await gql(t.app, INVOICE_COUNT, {}, (await login(t.app, 'admin')).accessToken);
    const accountant = await gql(
      t.app,
      INVOICE_COUNT,
      {},
      (await login(t.app, 'accountant')).accessToken,
    );
    expect(accountant.data!.allInvoices.totalCount).toBeLessThan(
      admin.data!.allInvoices.totalCount,
    );
    expect(accountant.data!.allInvoices.totalCount).toBeGreaterThan(0);
  });

  it('viewer cannot write', async () => {
    const { accessToken } = await login(t.app, 'viewer');
    const result = await gql(
      t.app,
      `mutation { createCostType(input: { costType: { name: "Snacks" } }) { costType { id } } }`,
      {},
      accessToken,
    );
    expect(errorCode(result)).toBe('Forbidden');
  });

  it('an expired access token fails with JwtTokenExpired', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const sign = createSigner({
      key: TEST_JWT_SECRET,
      algorithm: 'HS256',
      expiresIn: 60_000,
      iss: 'ledgerline',
      clockTimestamp: Date.now() - 3_600_000,
    });
    const expired = sign({
      sub: claims.sub,
      account_id: claims.account_id,
      sid: claims.sid,
      typ: 'access',
    });
    expect(errorCode(await gql(t.app, INVOICE_COUNT, {}, expired))).toBe('JwtTokenExpired');
  });

  it('a forged or malformed token fails with invalid-jwt', async () => {
    const { accessToken } = await login(t.app, 'viewer');
    const forged = createSigner({
      key: 'another-secret-another-secret-123',
      algorithm: 'HS256',
      iss: 'ledgerline',
      expiresIn: 60_000,
    });
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    const wrongKey = forged({
      sub: claims.sub,
      account_id: claims.account_id,
      sid: claims.sid,
      typ: 'access',
    });
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${accessToken.split('.')[1]}.`;
    for (const token of [wrongKey, noneAlg, 'garbage']) {
      expect(errorCode(await gql(t.app, INVOICE_COUNT, {}, token))).toBe('invalid-jwt');
    }
  });
});

describe('refresh tokens', () => {
  it('are rotated on every use: the new pair works, the old refresh token does not', async () => {
    const first = await login(t.app, 'viewer');
    const second = (await gql(t.app, REFRESH, { token: first.refreshToken })).data!.refreshAccess;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await gql(t.app, ME, {}, second.accessToken)).data!.currentUser.username).toBe(
      'viewer',
    );
    expect(errorCode(await gql(t.app, REFRESH, { token: first.refreshToken }))).toBe(
      'InvalidRefreshToken',
    );
  });

  it('reuse of a rotated token revokes its whole family', async () => {
    const first = await login(t.app, 'viewer');
    const second = (await gql(t.app, REFRESH, { token: first.refreshToken })).data!.refreshAccess;
    await gql(t.app, REFRESH, { token: first.refreshToken }); // replay
    expect(errorCode(await gql(t.app, REFRESH, { token: second.refreshToken }))).toBe(
      'InvalidRefreshToken',
    );
  });

  it('other sign-ins of the same user are not affected by a revoked family', async () => {
    const a = await login(t.app, 'manager');
    const b = await login(t.app, 'manager');
    await gql(t.app, REFRESH, { token: a.refreshToken });
    await gql(t.app, REFRESH, { token: a.refreshToken });
    expect(
      (await gql(t.app, REFRESH, { token: b.refreshToken })).data?.refreshAccess.accessToken,
    ).toBeTruthy();
  });

  it('an inactive user cannot refresh', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const created = await gql(
      t.app,
      `mutation C($roleId: UUID!) { createUser(input: { username: "temp1", password: "Temp#2026pass", firstName: "Tim", lastName: "Temp", roleId: $roleId }) { userId } }`,
      {
        roleId: (await t.db.owner.query(`select id from app_public.roles where name = 'viewer'`))
          .rows[0].id,
      },
      accessToken,
    );
    const tempId = created.data!.createUser.userId;
    const temp = await login(t.app, 'temp1', 'Temp#2026pass');
    // Deactivated behind the API's back, and the revocation that comes with it undone, so that only
    // the inactive rule (not revocation) refuses it.
    await t.db.owner.query('update app_public.users set is_active = false where id = $1', [tempId]);
    await t.db.owner.query(
      'update app_private.refresh_tokens set revoked_at = null where user_id = $1',
      [tempId],
    );
    expect(errorCode(await gql(t.app, REFRESH, { token: temp.refreshToken }))).toBe('UserInactive');
    // and its still-valid access token no longer grants anything
    expect(
      (await gql(t.app, INVOICE_COUNT, {}, temp.accessToken)).data!.allInvoices.totalCount,
    ).toBe(0);
  });

  it('deactivating a user through the API revokes their sign-ins', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const roleId = (await t.db.owner.query(`select id from app_public.roles where name = 'viewer'`))
      .rows[0].id;
    const created = await gql(
      t.app,
      `mutation C($roleId: UUID!) { createUser(input: { username: "temp2", password: "Temp#2026pass", firstName: "Tom", lastName: "Temp", roleId: $roleId }) { userId } }`,
      { roleId },
      accessToken,
    );
    const temp = await login(t.app, 'temp2', 'Temp#2026pass');
    await gql(
      t.app,
      `mutation D($id: UUID!) { setUserActive(input: { userId: $id, isActive: false }) { user { isActive } } }`,
      { id: created.data!.createUser.userId },
      accessToken,
    );
    expect(errorCode(await gql(t.app, REFRESH, { token: temp.refreshToken }))).toBe(
      'InvalidRefreshToken',
    );
  });

  it('logout ends the sign-in: its refresh token stops working', async () => {
    const tokens = await login(t.app, 'viewer');
    const result = await gql(t.app, `mutation { logout { success } }`, {}, tokens.accessToken);
    expect(result.data!.logout.success).toBe(true);
    expect(errorCode(await gql(t.app, REFRESH, { token: tokens.refreshToken }))).toBe(
      'InvalidRefreshToken',
    );
  });
});

describe('accounts', () => {
  it('currentUser returns the user, the current account, all accounts and the effective scopes', async () => {
    const { accessToken } = await login(t.app, 'accountant');
    const me = (await gql(t.app, ME, {}, accessToken)).data!.currentUser;
    expect(me.username).toBe('accountant');
    expect(me.displayName).toBe('Boris S.');
    expect(me.currentAccount.name).toBe('Accountant');
    expect(me.accounts.nodes.map((a: { name: string }) => a.name).sort()).toEqual([
      'Accountant',
      'Group viewer',
    ]);
    expect(me.effectiveScopes).toEqual(
      expect.arrayContaining(['invoice:read', 'invoice:write', 'validate_invoice']),
    );
    expect(me.effectiveScopes).not.toContain('admin');
  });

  it('switching to another account of the same user gives tokens for it', async () => {
    const { accessToken } = await login(t.app, 'accountant');
    const me = (await gql(t.app, ME, {}, accessToken)).data!.currentUser;
    const other = me.accounts.nodes.find((a: { name: string }) => a.name === 'Group viewer');
    const switched = (await gql(t.app, SWITCH, { id: other.id }, accessToken)).data!.switchAccount;
    const after = (await gql(t.app, ME, {}, switched.accessToken)).data!.currentUser;
    expect(after.currentAccount.name).toBe('Group viewer');
    expect(after.effectiveScopes).not.toContain('invoice:write');
    // The group viewer account sees every subsidiary's invoices.
    const counts = await gql(t.app, INVOICE_COUNT, {}, switched.accessToken);
    expect(counts.data!.allInvoices.totalCount).toBeGreaterThan(200);
  });

  it('switching to an account of another user is refused with the SPEC message', async () => {
    const { accessToken } = await login(t.app, 'viewer');
    const { rows } = await t.db.owner.query(
      `select a.id from app_public.accounts a join app_public.users u on u.id = a.user_id where u.username = 'admin'`,
    );
    const result = await gql(t.app, SWITCH, { id: rows[0].id }, accessToken);
    expect(errorCode(result)).toBe('AccountNotFound');
    expect(result.errors![0]!.message).toBe(`Account '${rows[0].id}' doesn't exist`);
  });

  it('a user chooses their main account through the API (setDefaultAccount); not as another user', async () => {
    const { accessToken } = await login(t.app, 'accountant');
    const me = (await gql(t.app, ME, {}, accessToken)).data!.currentUser;
    const other = me.accounts.nodes.find((a: { name: string }) => a.name === 'Group viewer');
    const { rows: users } = await t.db.owner.query(
      `select id from app_public.users where username = 'accountant'`,
    );
    me.id = users[0].id;
    const SET = `mutation S($a: UUID!, $u: UUID!) { setDefaultAccount(input: { accountId: $a, userId: $u }) { result { accountId } } }`;
    const chosen = await gql(t.app, SET, { a: other.id, u: me.id }, accessToken);
    expect(chosen.errors).toBeUndefined();
    expect(chosen.data!.setDefaultAccount.result.accountId).toBe(other.id);
    const { rows } = await t.db.owner.query(
      `select d.account_id from app_public.default_accounts d join app_public.users u on u.id = d.user_id where u.username = 'accountant'`,
    );
    expect(rows[0].account_id).toBe(other.id);
    const viewer = (await login(t.app, 'viewer')).accessToken;
    expect(errorCode(await gql(t.app, SET, { a: other.id, u: me.id }, viewer))).toBeDefined();
    const back = me.accounts.nodes.find((a: { name: string }) => a.name === 'Accountant');
    await gql(t.app, SET, { a: back.id, u: me.id }, accessToken);
  });

  it('switching needs a signed-in user', async () => {
    expect(
      errorCode(await gql(t.app, SWITCH, { id: '00000000-0000-0000-0000-000000000000' })),
    ).toBe('NotSignedIn');
  });
});

describe('passwords and profile', () => {
  const CHANGE = `mutation P($old: String!, $new: String!) { changePassword(input: { oldPassword: $old, newPassword: $new }) { success } }`;

  it('a wrong current password fails with invalid_password and the SPEC message', async () => {
    const { accessToken } = await login(t.app, 'manager');
    const result = await gql(
      t.app,
      CHANGE,
      { old: 'Nope#2026pass', new: 'Better#2027pass' },
      accessToken,
    );
    expect(errorCode(result)).toBe('invalid_password');
    expect(result.errors![0]!.message).toBe('Current password is invalid');
  });

  it.each(['Sh#rt1x', 'nouppercase#1', 'NOLOWERCASE#1', 'NoDigits#here', 'NoSpecial123'])(
    'a weak new password (%s) is refused',
    async (weak) => {
      const { accessToken } = await login(t.app, 'manager');
      expect(
        errorCode(await gql(t.app, CHANGE, { old: 'Demo#2026pass', new: weak }, accessToken)),
      ).toBe('WeakPassword');
    },
  );

  it('a strong new password replaces the old one', async () => {
    const app = t.app;
    const { accessToken } = await login(app, 'admin');
    const roleId = (await t.db.owner.query(`select id from app_public.roles where name = 'viewer'`))
      .rows[0].id;
    await gql(
      app,
      `mutation C($roleId: UUID!) { createUser(input: { username: "pwuser", password: "First#2026pass", firstName: "Pia", lastName: "W", roleId: $roleId }) { userId } }`,
      { roleId },
      accessToken,
    );
    const own = await login(app, 'pwuser', 'First#2026pass');
    expect(
      (await gql(app, CHANGE, { old: 'First#2026pass', new: 'Second#2026pass' }, own.accessToken))
        .data!.changePassword.success,
    ).toBe(true);
    await expect(login(app, 'pwuser', 'First#2026pass')).rejects.toThrow();
    await expect(login(app, 'pwuser', 'Second#2026pass')).resolves.toHaveProperty('accessToken');
  });

  it('updateProfile keeps omitted names, and clears additionalName only when given as null', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const UPDATE = `mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { user { firstName lastName additionalName } } }`;
    let user = (await gql(t.app, UPDATE, { input: { firstName: 'Anya' } }, accessToken)).data!
      .updateProfile.user;
    expect(user).toEqual({ firstName: 'Anya', lastName: 'Kovalenko', additionalName: 'Petrovna' });
    user = (await gql(t.app, UPDATE, { input: { lastName: null } }, accessToken)).data!
      .updateProfile.user;
    expect(user.lastName).toBe('Kovalenko');
    user = (await gql(t.app, UPDATE, { input: { additionalName: null } }, accessToken)).data!
      .updateProfile.user;
    expect(user.additionalName).toBeNull();
  });

  it('an avatar must be a file the user uploaded', async () => {
    const { accessToken } = await login(t.app, 'viewer');
    const { rows } = await t.db.owner.query(
      `insert into app_public.files (name, content_type, size, sha256, uploaded_by)
       select 'a.png', 'image/png', 1, repeat('c', 64), id from app_public.users where username = 'admin' returning id`,
    );
    const result = await gql(
      t.app,
      `mutation U($id: UUID) { updateProfile(input: { avatarFileId: $id }) { userId } }`,
      { id: rows[0].id },
      accessToken,
    );
    expect(errorCode(result)).toBe('AvatarNotAllowed');
  });
});

describe('user administration needs admin:user', () => {
  it('viewer cannot change another password, activate users or create users', async () => {
    const { accessToken } = await login(t.app, 'viewer');
    const adminId = await userId('admin');
    expect(
      errorCode(
        await gql(
          t.app,
          `mutation A($id: UUID!) { adminChangePassword(input: { userId: $id, password: "Hacked#2026pass" }) { success } }`,
          { id: adminId },
          accessToken,
        ),
      ),
    ).toBe('Forbidden');
    expect(
      errorCode(
        await gql(
          t.app,
          `mutation A($id: UUID!) { setUserActive(input: { userId: $id, isActive: false }) { userId } }`,
          { id: adminId },
          accessToken,
        ),
      ),
    ).toBe('Forbidden');
    await expect(login(t.app, 'admin')).resolves.toHaveProperty('accessToken');
  });

  it('admin sets another user password and reactivates a user', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const blocked = await userId('blocked');
    await gql(
      t.app,
      `mutation A($id: UUID!) { adminChangePassword(input: { userId: $id, password: "Reset#2026pass" }) { success } }`,
      { id: blocked },
      accessToken,
    );
    const result = await gql(
      t.app,
      `mutation A($id: UUID!) { setUserActive(input: { userId: $id, isActive: true }) { user { username isActive } } }`,
      { id: blocked },
      accessToken,
    );
    expect(result.data!.setUserActive.user).toEqual({ username: 'blocked', isActive: true });
    await expect(login(t.app, 'blocked', 'Reset#2026pass')).resolves.toHaveProperty('accessToken');
  });

  it('admin cannot deactivate themselves', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const result = await gql(
      t.app,
      `mutation A($id: UUID!) { setUserActive(input: { userId: $id, isActive: false }) { userId } }`,
      { id: await userId('admin') },
      accessToken,
    );
    expect(errorCode(result)).toBe('CannotDeactivateSelf');
  });

  it('createUser creates the user with a main account of the role', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const roleId = (
      await t.db.owner.query(`select id from app_public.roles where name = 'manager'`)
    ).rows[0].id;
    const result = await gql(
      t.app,
      `mutation C($roleId: UUID!) { createUser(input: { username: "newbie", password: "Newbie#2026pass", firstName: "Nina", lastName: "Brook", roleId: $roleId }) { user { username accounts { nodes { name isDefault } } } } }`,
      { roleId },
      accessToken,
    );
    expect(result.data!.createUser.user).toEqual({
      username: 'newbie',
      accounts: { nodes: [{ name: 'manager', isDefault: true }] },
    });
    const me = (
      await gql(t.app, ME, {}, (await login(t.app, 'newbie', 'Newbie#2026pass')).accessToken)
    ).data!.currentUser;
    expect(me.currentAccount.name).toBe('manager');
  });

  it('createUser refuses a taken username and an unknown role, creating nothing', async () => {
    const { accessToken } = await login(t.app, 'admin');
    const before = (await t.db.owner.query('select count(*) from app_public.users')).rows[0].count;
    const taken = await gql(
      t.app,
      `mutation { createUser(input: { username: "Viewer", password: "Newbie#2026pass", firstName: "A", lastName: "B", roleId: "00000000-0000-0000-0000-000000000000" }) { userId } }`,
      {},
      accessToken,
    );
    expect(errorCode(taken)).toBe('RoleNotFound');
    const roleId = (await t.db.owner.query(`select id from app_public.roles where name = 'viewer'`))
      .rows[0].id;
    const dup = await gql(
      t.app,
      `mutation C($roleId: UUID!) { createUser(input: { username: "Viewer", password: "Newbie#2026pass", firstName: "A", lastName: "B", roleId: $roleId }) { userId } }`,
      { roleId },
      accessToken,
    );
    expect(errorCode(dup)).toBe('UsernameTaken');
    expect((await t.db.owner.query('select count(*) from app_public.users')).rows[0].count).toBe(
      before,
    );
  });
});

describe('login rate limit', () => {
  it('after too many failures for a username, even the right password is refused for a while', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    const attempt = (password: string) =>
      gql(
        limited.app,
        `mutation L($p: String!) { login(input: { username: "viewer", password: $p }) { accessToken } }`,
        { p: password },
      );
    for (let i = 0; i < 3; i++)
      expect(errorCode(await attempt('Wrong#2026pass'))).toBe('InvalidCredentials');
    const blocked = await attempt('Demo#2026pass');
    expect(errorCode(blocked)).toBe('TooManyLoginAttempts');
    expect(blocked.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
  });
});

import type pg from 'pg';
import { accessLimit, requestRole } from '../db/database.ts';
import { transaction } from '../db/transaction.ts';
import { AppError, Errors } from '../errors.ts';
import { UUID } from '../ids.ts';
import {
  assertStrongPassword,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
} from './passwords.ts';
import {
  hashRefreshToken,
  newRefreshToken,
  type AccessClaims,
  type AccessTokenIssuer,
} from './tokens.ts';

/** What login, refreshAccess and switchAccount return (SPEC §7). */
export interface AuthTokens {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

export interface AuthOptions {
  /** Owner connection: the auth module is the only reader of app_private. */
  pool: pg.Pool;
  tokens: AccessTokenIssuer;
  refreshTokenTtl: number;
  loginRateLimit: number;
  loginRateWindowMs: number;
}

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  /** undefined keeps the current value; null clears it. */
  additionalName?: string | null;
  /** undefined keeps the current value; null clears it. */
  avatarFileId?: string | null;
}

export interface CreateUserInput {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  additionalName?: string | null;
  roleId: string;
  accountName?: string | null;
}

type Queryable = pg.Pool | pg.ClientBase;

/**
 * Sign-in, token refresh and rotation, account switching, and the user-management actions that
 * need password hashing. Every rule here is also documented in docs/auth.md.
 */
export class AuthService {
  private readonly options: AuthOptions;

  constructor(options: AuthOptions) {
    this.options = options;
  }

  private get pool() {
    return this.options.pool;
  }

  /**
   * Counts a sign-in attempt for each key, atomically (one statement per key), before the password
   * is checked: parallel attempts each get their own count, so no more than the limit are ever
   * evaluated. Returns the seconds to wait when a key is over the limit, else 0.
   */
  private async countAttempt(keys: string[]): Promise<number> {
    const windowSeconds = Math.ceil(this.options.loginRateWindowMs / 1000);
    let retryAfter = 0;
    for (const key of keys) {
      const { rows } = await this.pool.query<{ failures: number; retry_after: number }>(
        `insert into app_private.login_attempts as a (key, window_start, failures)
         values ($1, now(), 1)
         on conflict (key) do update set
           failures = case when a.window_start < now() - make_interval(secs => $2) then 1 else a.failures + 1 end,
           window_start = case when a.window_start < now() - make_interval(secs => $2) then now() else a.window_start end
         returning failures, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry_after`,
        [key, windowSeconds],
      );
      const row = rows[0];
      if (row && row.failures > this.options.loginRateLimit) {
        retryAfter = Math.max(retryAfter, row.retry_after, 1);
      }
    }
    return retryAfter;
  }

  async login(username: string, password: string, clientAddress: string): Promise<AuthTokens> {
    const keys = [`user:${username.trim().toLowerCase()}`, `ip:${clientAddress}`];
    const blockedFor = await this.countAttempt(keys);
    if (blockedFor > 0) throw Errors.tooManyAttempts(blockedFor);

    const { rows } = await this.pool.query<{
      id: string;
      is_active: boolean;
      password_hash: string | null;
    }>(
      `select u.id, u.is_active, s.password_hash
         from app_public.users u left join app_private.user_secrets s on s.user_id = u.id
        where lower(u.username) = lower($1)`,
      [username.trim()],
    );
    const user = rows[0];
    const valid = await verifyPassword(
      user?.password_hash ?? (await dummyPasswordHash()),
      password,
    );
    // The attempt was counted as a failure up front; a wrong password leaves it counted.
    if (!user || !user.password_hash || !valid) throw Errors.invalidCredentials();
    if (!user.is_active) throw Errors.userInactive();
    // A successful sign-in clears the username's count and takes its own back from the address's.
    await this.pool.query(`delete from app_private.login_attempts where key = $1;`, [keys[0]]);
    await this.pool.query(
      'update app_private.login_attempts set failures = greatest(failures - 1, 0) where key = $1',
      [keys[1]],
    );

    const accountId = await this.startingAccount(user.id);
    return this.issue(this.pool, user.id, accountId);
  }

  /** The user's main account, or their oldest account when none is marked main. */
  private async startingAccount(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>(
      `select a.id from app_public.accounts a
         left join app_public.default_accounts d on d.account_id = a.id and d.user_id = a.user_id
        where a.user_id = $1
        order by (d.user_id is not null) desc, a.created_at, a.id
        limit 1`,
      [userId],
    );
    if (!rows[0]) {
      throw new AppError('NoAccount', 'This user has no account yet. Ask an administrator.');
    }
    return rows[0].id;
  }

  /**
   * Issues tokens in a sign-in (a refresh family): a new one, or the given one while it is live —
   * not revoked and not past its absolute end. The family's tokens are locked first, and every
   * revocation locks them too (revokeWhere), so a revocation at the same moment comes either
   * before (and this is refused) or after (and revokes the new token as well).
   */
  private async issue(
    client: Queryable,
    userId: string,
    accountId: string,
    familyId?: string,
  ): Promise<AuthTokens> {
    if (familyId) {
      const { rows } = await client.query<{ n: string; revoked: boolean; expired: boolean }>(
        `select count(*) as n, coalesce(bool_or(revoked_at is not null), false) as revoked,
                coalesce(min(expires_at) <= now(), false) as expired
           from (select revoked_at, expires_at from app_private.refresh_tokens
                  where family_id = $1 for update) t`,
        [familyId],
      );
      const family = rows[0]!;
      if (Number(family.n) === 0 || family.revoked || family.expired) {
        throw Errors.invalidRefreshToken();
      }
    }
    const refresh = newRefreshToken();
    const { rows } = await client.query<{ family_id: string }>(
      `insert into app_private.refresh_tokens (family_id, user_id, account_id, token_hash, expires_at)
       values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4,
               coalesce((select min(expires_at) from app_private.refresh_tokens where family_id = $1::uuid),
                        now() + make_interval(secs => $5)))
       returning family_id`,
      [familyId ?? null, userId, accountId, refresh.hash, this.options.refreshTokenTtl],
    );
    const sessionId = rows[0]!.family_id;
    const { accessToken, expiresIn } = this.options.tokens.sign({
      userId,
      accountId,
      sessionId,
      ...(await accessLimit(client, accountId)),
    });
    return { accessToken, expiresIn, refreshToken: refresh.token };
  }

  /**
   * Ends sign-ins: locks their tokens, then revokes them in a new statement, inside the caller's
   * transaction, so that a token issued in one of them at the same moment is revoked too.
   */
  private async revokeWhere(client: pg.ClientBase, where: string, params: unknown[]) {
    await client.query(`select from app_private.refresh_tokens where ${where} for update`, params);
    await client.query(
      `update app_private.refresh_tokens set revoked_at = coalesce(revoked_at, now()) where ${where}`,
      params,
    );
  }

  /**
   * Exchanges a refresh token for new tokens. The old token is spent; presenting a spent token again
   * means it was stolen or replayed, so the whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<AuthTokens> {
    if (typeof refreshToken !== 'string' || refreshToken.length < 20)
      throw Errors.invalidRefreshToken();
    const hash = hashRefreshToken(refreshToken);
    const outcome = await transaction(this.pool, async (client) => {
      const { rows } = await client.query<{
        id: string;
        family_id: string;
        user_id: string;
        account_id: string;
        used_at: Date | null;
        revoked_at: Date | null;
        expired: boolean;
        is_active: boolean;
        account_exists: boolean;
      }>(
        `select t.id, t.family_id, t.user_id, t.account_id, t.used_at, t.revoked_at,
                t.expires_at <= now() as expired, u.is_active,
                exists (select from app_public.accounts a where a.id = t.account_id and a.user_id = t.user_id) as account_exists
           from app_private.refresh_tokens t join app_public.users u on u.id = t.user_id
          where t.token_hash = $1
          for update of t`,
        [hash],
      );
      const token = rows[0];
      if (!token) return { error: Errors.invalidRefreshToken() };
      if (token.used_at || token.revoked_at) {
        await this.revokeWhere(client, 'family_id = $1', [token.family_id]);
        return { error: Errors.invalidRefreshToken() };
      }
      if (token.expired || !token.is_active || !token.account_exists) {
        await this.revokeWhere(client, 'family_id = $1', [token.family_id]);
        return { error: token.is_active ? Errors.invalidRefreshToken() : Errors.userInactive() };
      }
      await client.query('update app_private.refresh_tokens set used_at = now() where id = $1', [
        token.id,
      ]);
      return { tokens: await this.issue(client, token.user_id, token.account_id, token.family_id) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.tokens;
  }

  /** New tokens for another account of the same user; the current sign-in's family is kept. */
  async switchAccount(claims: AccessClaims, accountId: string): Promise<AuthTokens> {
    if (typeof accountId !== 'string' || !UUID.test(accountId))
      throw Errors.accountNotFound(String(accountId));
    return transaction(this.pool, async (client) => {
      const { rowCount } = await client.query(
        `select 1 from app_public.accounts a join app_public.users u on u.id = a.user_id
          where a.id = $1 and a.user_id = $2 and u.is_active`,
        [accountId, claims.userId],
      );
      if (!rowCount) throw Errors.accountNotFound(accountId);
      // Only a live sign-in mints tokens: after a logout, a revocation or a password change the
      // access token still verifies for its few minutes, but the sign-in has ended.
      const tokens = await this.issue(client, claims.userId, accountId, claims.sessionId);
      // Tokens of the family issued for the previous account are spent.
      await client.query(
        `update app_private.refresh_tokens set used_at = coalesce(used_at, now())
          where family_id = $1 and token_hash <> $2`,
        [claims.sessionId, hashRefreshToken(tokens.refreshToken)],
      );
      return tokens;
    });
  }

  /** Ends the sign-in the access token belongs to: its refresh tokens stop working. */
  async logout(claims: AccessClaims): Promise<void> {
    await transaction(this.pool, (client) =>
      this.revokeWhere(client, 'family_id = $1', [claims.sessionId]),
    );
  }

  async changePassword(
    claims: AccessClaims,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const { rows } = await this.pool.query<{ password_hash: string }>(
      'select password_hash from app_private.user_secrets where user_id = $1',
      [claims.userId],
    );
    if (!rows[0] || !(await verifyPassword(rows[0].password_hash, oldPassword))) {
      throw Errors.invalidPassword();
    }
    assertStrongPassword(newPassword);
    await this.setPassword(claims.userId, newPassword, claims.sessionId);
  }

  /** Stores a new password hash and ends every other sign-in of the user. */
  private async setPassword(
    userId: string,
    password: string,
    keepSessionId?: string,
  ): Promise<void> {
    const passwordHash = await hashPassword(password);
    await transaction(this.pool, async (client) => {
      await client.query(
        `insert into app_private.user_secrets (user_id, password_hash) values ($1, $2)
         on conflict (user_id) do update set password_hash = excluded.password_hash, password_changed_at = now()`,
        [userId, passwordHash],
      );
      await this.revokeWhere(client, 'user_id = $1 and family_id is distinct from $2::uuid', [
        userId,
        keepSessionId ?? null,
      ]);
    });
  }

  /**
   * SPEC §5 profile update: first and last name fall back to the current values when not given;
   * additional name and avatar change whenever given, so null clears them.
   */
  async updateProfile(claims: AccessClaims, input: ProfileInput): Promise<string> {
    const sets: string[] = [];
    const values: unknown[] = [claims.userId];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (input.firstName != null) set('first_name', input.firstName);
    if (input.lastName != null) set('last_name', input.lastName);
    if (input.additionalName !== undefined) set('additional_name', input.additionalName);
    if (input.avatarFileId !== undefined) {
      if (input.avatarFileId !== null) {
        if (!UUID.test(input.avatarFileId)) throw Errors.avatarNotAllowed();
        const { rowCount } = await this.pool.query(
          `select 1 from app_public.files f
            where f.id = $1 and f.content_type like 'image/%' and (f.uploaded_by = $2 or exists (
              select from app_public.users u where u.id = $2 and u.avatar_file_id = f.id))`,
          [input.avatarFileId, claims.userId],
        );
        if (!rowCount) throw Errors.avatarNotAllowed();
      }
      set('avatar_file_id', input.avatarFileId);
    }
    if (sets.length > 0) {
      await this.withUser(claims, (client) =>
        client.query(`update app_public.users set ${sets.join(', ')} where id = $1`, values),
      );
    }
    return claims.userId;
  }

  /** Runs owner-privileged work with the acting user's claims set, so triggers see who acted. */
  private withUser<T>(
    claims: AccessClaims,
    work: (client: pg.ClientBase) => Promise<T>,
  ): Promise<T> {
    return transaction(this.pool, async (client) => {
      await client.query(
        `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true)`,
        [claims.userId, claims.accountId],
      );
      return work(client);
    });
  }

  /**
   * Runs work as the signed-in account would in a GraphQL request: the visitor role (or the
   * limited one) with its claims, so the database checks the permission and row-level security
   * applies, in one transaction.
   */
  private asVisitor<T>(
    claims: AccessClaims,
    work: (client: pg.ClientBase) => Promise<T>,
  ): Promise<T> {
    return transaction(this.pool, async (client) => {
      await client.query(
        `select set_config('role', $1, true), set_config('jwt.claims.user_id', $2, true),
                set_config('jwt.claims.account_id', $3, true)`,
        [requestRole(claims), claims.userId, claims.accountId],
      );
      return work(client);
    });
  }

  /** Throws unless the signed-in account holds the scope. */
  async requireScope(claims: AccessClaims, scope: string): Promise<void> {
    const { rows } = await this.pool.query<{ allowed: boolean }>(
      `select $3 = any(app_hidden.account_scopes(a.id)) as allowed
         from app_public.accounts a where a.id = $1 and a.user_id = $2`,
      [claims.accountId, claims.userId, scope],
    );
    if (!rows[0]?.allowed) throw Errors.forbidden(scope);
  }

  private async requireUser(userId: string): Promise<void> {
    if (typeof userId !== 'string' || !UUID.test(userId)) throw Errors.userNotFound();
    const { rowCount } = await this.pool.query('select 1 from app_public.users where id = $1', [
      userId,
    ]);
    if (!rowCount) throw Errors.userNotFound();
  }

  async adminChangePassword(claims: AccessClaims, userId: string, password: string): Promise<void> {
    await this.requireScope(claims, 'admin:user');
    await this.requireUser(userId);
    assertStrongPassword(password);
    await this.setPassword(userId, password);
  }

  async setUserActive(claims: AccessClaims, userId: string, isActive: boolean): Promise<void> {
    if (typeof userId !== 'string' || !UUID.test(userId)) throw Errors.userNotFound();
    await this.asVisitor(claims, (client) =>
      client.query('select app_hidden.set_user_active($1, $2)', [userId, isActive]),
    );
  }

  /**
   * Creates a user with a password and one account of the given role, made their main account:
   * one SQL function, as the signed-in account under row-level security, all or nothing
   * (db/migrations/0052). Only the password hash is made here.
   */
  async createUser(claims: AccessClaims, input: CreateUserInput): Promise<string> {
    assertStrongPassword(input.password);
    if (typeof input.roleId !== 'string' || !UUID.test(input.roleId)) throw Errors.roleNotFound();
    const passwordHash = await hashPassword(input.password);
    return this.asVisitor(claims, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'select app_hidden.create_user($1, $2, $3, $4, $5, $6, $7) as id',
        [
          input.username,
          input.firstName,
          input.lastName,
          input.additionalName ?? null,
          input.roleId,
          input.accountName ?? null,
          passwordHash,
        ],
      );
      return rows[0]!.id;
    });
  }
}

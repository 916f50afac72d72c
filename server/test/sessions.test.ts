// docs/auth.md, "Sign-ins": randomized sequences of sign-in, refresh, account switch, logout,
// password change and (de)activation, each checked against a model of the rules; and the login
// rate limit under parallel attempts.
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthService, type AuthTokens } from '../src/auth/service.ts';
import { accessTokens, type AccessClaims } from '../src/auth/tokens.ts';
import { AppError } from '../src/errors.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { createTestApp, createTestDatabase, errorCode, gql, type TestDatabase } from './helpers.ts';

const SECRET = 'sessions-test-secret-of-enough-length-0123456789';
const tokens = accessTokens(SECRET, 900);

let db: TestDatabase;
let auth: AuthService;
let admin: AccessClaims;
let userId: string;
let accountIds: string[];
/**
 * The user's password stored at argon2id's least cost, as each sequence starts: the model is about
 * sign-ins, not the hash, and a verification reads its cost from the stored hash. A password
 * changed in a sequence is stored at the service's own cost (docs/auth.md), and checked so.
 */
let cheapHash: string;

/** A deterministic pseudo-random sequence, so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

async function outcome<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code };
    throw error;
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.ownerUrl, max: 4 });
  auth = new AuthService({
    pool,
    tokens,
    refreshTokenTtl: 3600,
    loginRateLimit: 1_000_000,
    loginRateWindowMs: 60_000,
  });
  const { rows } = await db.owner.query(
    `select u.id as user_id, array_agg(a.id order by a.name) as accounts
       from app_public.users u join app_public.accounts a on a.user_id = u.id
      where u.username = 'accountant' group by u.id`,
  );
  userId = rows[0].user_id;
  accountIds = rows[0].accounts;
  cheapHash = await hash(DEMO_PASSWORD, {
    algorithm: 2,
    memoryCost: 8,
    timeCost: 1,
    parallelism: 1,
  });
  admin = tokens.verify((await auth.login('admin', DEMO_PASSWORD, '127.0.0.1')).accessToken);
});

/** The model: what each sign-in of the user may still do. */
interface ModelSession {
  live: boolean;
  /** The refresh token that works; the earlier ones are spent. */
  current: string;
  spent: string[];
  access: AccessClaims;
}

describe('sign-ins end when they end (a model of docs/auth.md)', () => {
  it('1,000 random sequences of sign-in, refresh, switch, logout, password change and deactivation match the model', async () => {
    const mismatches: string[] = [];
    for (let seed = 1; seed <= 1000; seed++) {
      const next = random(seed);
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
      // A clean start: the user active, none of its sign-ins live.
      await db.owner.query(`update app_public.users set is_active = true where id = $1`, [userId]);
      await db.owner.query(
        `update app_private.user_secrets set password_hash = $2 where user_id = $1`,
        [userId, cheapHash],
      );
      await db.owner.query(
        `update app_private.refresh_tokens set revoked_at = coalesce(revoked_at, now()) where user_id = $1`,
        [userId],
      );
      let active = true;
      const sessions: ModelSession[] = [];
      const log: string[] = [];
      const check = (step: string, got: { ok: boolean; code?: string }, expected: string) => {
        const actual = got.ok ? 'ok' : got.code!;
        log.push(`${step}=${actual}`);
        if (actual !== expected) {
          mismatches.push(`seed ${seed}: ${log.join(' ')} (expected ${expected})`);
          return false;
        }
        return true;
      };
      const adopt = (session: ModelSession, issued: AuthTokens) => {
        session.spent.push(session.current);
        session.current = issued.refreshToken;
        session.access = tokens.verify(issued.accessToken);
      };

      for (let step = 0; step < 6; step++) {
        const roll = next();
        if (sessions.length === 0 || roll < 0.15) {
          const got = await outcome(() => auth.login('accountant', DEMO_PASSWORD, '127.0.0.1'));
          if (!check('login', got, active ? 'ok' : 'UserInactive')) break;
          if (got.ok) {
            sessions.push({
              live: true,
              current: got.value.refreshToken,
              spent: [],
              access: tokens.verify(got.value.accessToken),
            });
          }
          continue;
        }
        const session = pick(sessions);
        if (roll < 0.45) {
          const replay = session.spent.length > 0 && next() < 0.25;
          const token = replay ? pick(session.spent) : session.current;
          const got = await outcome(() => auth.refresh(token));
          const expected =
            replay || !session.live ? 'InvalidRefreshToken' : active ? 'ok' : 'UserInactive';
          if (!check(replay ? 'replay' : 'refresh', got, expected)) break;
          if (replay || !active) session.live = false; // reuse (or an inactive user) ends the sign-in
          if (got.ok) adopt(session, got.value);
        } else if (roll < 0.65) {
          const got = await outcome(() => auth.switchAccount(session.access, pick(accountIds)));
          const expected = !active
            ? 'AccountNotFound'
            : session.live
              ? 'ok'
              : 'InvalidRefreshToken';
          if (!check('switch', got, expected)) break;
          if (got.ok) adopt(session, got.value);
        } else if (roll < 0.8) {
          const got = await outcome(() => auth.logout(session.access));
          if (!check('logout', got, 'ok')) break;
          session.live = false;
        } else if (roll < 0.9) {
          const got = await outcome(() =>
            auth.changePassword(session.access, DEMO_PASSWORD, DEMO_PASSWORD),
          );
          if (!check('password', got, 'ok')) break;
          // Stored at the service's own cost (docs/auth.md: argon2id, 19 MiB, 2 passes, 1 lane).
          const stored = await db.owner.query(
            `select split_part(password_hash, '$', 4) as cost from app_private.user_secrets where user_id = $1`,
            [userId],
          );
          const cost: string = stored.rows[0].cost;
          if (
            !check(
              'stored',
              cost === 'm=19456,t=2,p=1' ? { ok: true } : { ok: false, code: cost },
              'ok',
            )
          )
            break;
          // Every other sign-in of the user ends; the one that changed it stays as it was.
          for (const other of sessions) if (other !== session) other.live = false;
        } else {
          const activate: boolean = !active && next() < 0.7;
          const got = await outcome(() => auth.setUserActive(admin, userId, activate));
          if (!check(activate ? 'activate' : 'deactivate', got, 'ok')) break;
          active = activate;
          if (!activate) for (const each of sessions) each.live = false;
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    // Each sign-in and password change runs argon2id (docs/auth.md): 30 ms or more each on a slow
    // machine at the service's cost, so each sequence starts from a password stored at the least
    // (cheapHash): about 75 s for the thousand sequences here, against 130 without.
  }, 360_000);
});

describe('login rate limit', () => {
  it('40 wrong passwords sent at once: no more than the limit are evaluated', async () => {
    const limited = await createTestApp({ loginRateLimit: 10 });
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () =>
        gql(
          limited.app,
          `mutation { login(input: { username: "viewer", password: "Wrong#2026pass" }) { accessToken } }`,
        ),
      ),
    );
    const codes = attempts.map(errorCode);
    // Each attempt counts against the username and the address; one over either limit is refused
    // unevaluated, so at most 10 passwords were checked.
    const evaluated = codes.filter((code) => code === 'InvalidCredentials').length;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 'TooManyLoginAttempts')).toHaveLength(40 - evaluated);
  });
});

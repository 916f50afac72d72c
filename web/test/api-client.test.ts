// SPEC §7 auth handling: refresh on a 401 or invalid-jwt, retry once; no refresh token or a failed
// refresh logs out; a network error during refresh keeps the tokens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, ApiError } from '../src/api/client.ts';
import { CurrentUserDocument } from '../src/api/session-generated.ts';
import { TokenStore } from '../src/session/token-store.ts';
import { MemoryStorage } from './memory-storage.ts';

type Reply =
  { errors?: { message: string; extensions: { code: string } }[]; data?: unknown } | 'network';

function fakeServer(replies: Reply[]) {
  const calls: { operation: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    // A short query comes as GET (its operation in the URL), the rest as POST.
    const operation =
      init.method === 'GET'
        ? new URL(url).searchParams.get('operationName')
        : JSON.parse(String(init.body)).operationName;
    const headers = new Headers(init.headers);
    calls.push({ operation: operation ?? '', authorization: headers.get('authorization') });
    const reply = replies.shift();
    if (!reply || reply === 'network') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const expired = { errors: [{ message: 'expired', extensions: { code: 'JwtTokenExpired' } }] };
const me = { data: { currentUser: null } };
const refreshed = {
  data: {
    refreshAccess: { accessToken: 'new-access', expiresIn: 900, refreshToken: 'new-refresh' },
  },
};

function setup() {
  const tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
  tokens.save({ accessToken: 'old-access', expiresAt: 0, refreshToken: 'old-refresh' });
  const hooks = {
    refreshed: vi.fn(
      (issued: { accessToken: string; expiresIn: number; refreshToken?: string | null }) =>
        tokens.save({
          accessToken: issued.accessToken,
          expiresAt: 0,
          refreshToken: issued.refreshToken ?? 'old-refresh',
        }),
    ),
    expired: vi.fn(() => tokens.clear()),
  };
  return { api: new Api(tokens, hooks, 'http://localhost/graphql'), tokens, hooks };
}

afterEach(() => vi.unstubAllGlobals());

describe('GraphQL client', () => {
  it('sends the bearer token', async () => {
    const calls = fakeServer([me]);
    await setup().api.request(CurrentUserDocument, {});
    expect(calls[0]!.authorization).toBe('Bearer old-access');
  });

  it('a 503 while the service restarts is ServiceUnavailable, with or without a GraphQL body, and translated', async () => {
    const { api } = setup();
    const unavailable = {
      errors: [
        {
          message: 'The service is restarting. Try again in a moment.',
          extensions: { code: 'ServiceUnavailable', retryAfterSeconds: 5 },
        },
      ],
    };
    for (const body of [JSON.stringify(unavailable), '<html>Service Unavailable</html>']) {
      vi.stubGlobal('fetch', async () => new Response(body, { status: 503 }));
      const error = await api.request(CurrentUserDocument, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('ServiceUnavailable');
    }
    const { default: en } = await import('../src/i18n/en.entry.json');
    const { default: ru } = await import('../src/i18n/ru.entry.json');
    expect(en.errors.codes.ServiceUnavailable).toMatch(/restarting/);
    expect(ru.errors.codes.ServiceUnavailable).toMatch(/перезапускается/);
  });

  it('on an expired token refreshes once and retries with the new token', async () => {
    const calls = fakeServer([expired, refreshed, me]);
    const { api, hooks } = setup();
    await api.request(CurrentUserDocument, {});
    expect(calls.map((c) => c.operation)).toEqual(['CurrentUser', 'RefreshAccess', 'CurrentUser']);
    expect(calls[2]!.authorization).toBe('Bearer new-access');
    expect(hooks.refreshed).toHaveBeenCalledTimes(1);
  });

  it('retries only once', async () => {
    fakeServer([expired, refreshed, expired]);
    await expect(setup().api.request(CurrentUserDocument, {})).rejects.toMatchObject({
      code: 'JwtTokenExpired',
    });
  });

  it('a failed refresh ends the session', async () => {
    fakeServer([
      expired,
      { errors: [{ message: 'gone', extensions: { code: 'InvalidRefreshToken' } }] },
    ]);
    const { api, hooks, tokens } = setup();
    await expect(api.request(CurrentUserDocument, {})).rejects.toBeInstanceOf(ApiError);
    expect(hooks.expired).toHaveBeenCalled();
    expect(tokens.current).toBeUndefined();
  });

  it('a network error during the refresh keeps the tokens', async () => {
    fakeServer([expired, 'network']);
    const { api, hooks, tokens } = setup();
    await expect(api.request(CurrentUserDocument, {})).rejects.toMatchObject({ kind: 'network' });
    expect(hooks.expired).not.toHaveBeenCalled();
    expect(tokens.current?.refreshToken).toBe('old-refresh');
  });

  it('without a refresh token the session ends', async () => {
    fakeServer([expired]);
    const { api, hooks, tokens } = setup();
    tokens.save({ accessToken: 'old-access', expiresAt: 0, refreshToken: '' });
    await expect(api.request(CurrentUserDocument, {})).rejects.toBeInstanceOf(ApiError);
    expect(hooks.expired).toHaveBeenCalled();
  });

  it('concurrent calls share one refresh', async () => {
    const calls = fakeServer([expired, expired, refreshed, me, me]);
    const { api } = setup();
    await Promise.all([api.request(CurrentUserDocument, {}), api.request(CurrentUserDocument, {})]);
    expect(calls.filter((c) => c.operation === 'RefreshAccess')).toHaveLength(1);
  });
});

describe('GraphQL client of the production build (trusted documents)', () => {
  it('names each document by its hash, and a hash the server does not know is an UnknownOperation refusal', async () => {
    const sent: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(new URL(url).searchParams);
      return new Response(
        JSON.stringify({
          errors: [{ message: 'unknown', extensions: { code: 'UnknownOperation' } }],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    });
    const tokens = new TokenStore(new MemoryStorage(), new MemoryStorage());
    const hooks = { refreshed: vi.fn(), expired: vi.fn(), failed: vi.fn() };
    const api = new Api(tokens, hooks, 'http://localhost/graphql', true);
    await expect(api.request(CurrentUserDocument, {})).rejects.toMatchObject({
      kind: 'graphql',
      code: 'UnknownOperation',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('documentId')).toBe(CurrentUserDocument.__meta__?.hash);
    expect(sent[0]!.has('query')).toBe(false);
    expect(hooks.failed).not.toHaveBeenCalled();
  });
});

describe('storage client', () => {
  it('sends the same bearer token and refreshes it the same way on a 401', async () => {
    const { api, tokens } = setup();
    const seen: (string | null)[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/graphql')) {
        return new Response(JSON.stringify(refreshed), { status: 200 });
      }
      const authorization = new Headers(init.headers).get('authorization');
      seen.push(authorization);
      return authorization === 'Bearer new-access'
        ? new Response(JSON.stringify({ error: false, data: { fileIds: ['f1'] } }), { status: 200 })
        : new Response(JSON.stringify({ error: true, code: 'JwtTokenExpired' }), { status: 401 });
    });
    const { uploadFiles } = await import('../src/api/storage.ts');
    expect(await uploadFiles(api, [new File(['%PDF'], 'a.pdf')])).toEqual(['f1']);
    expect(seen).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(tokens.current?.accessToken).toBe('new-access');
  });
});

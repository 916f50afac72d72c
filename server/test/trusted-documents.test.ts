// Trusted documents (issue 17, item 4): in production the API runs only the web app's own
// GraphQL documents (web/src/api/trusted-documents.json, written by codegen), named by their
// SHA-256; anything else is refused with UnknownOperation. Development runs any query.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { documentId, WEB_DOCUMENTS_FILE } from '../src/graphql/trusted-documents.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { createTestApp, errorCode, gql, type GraphQLResult, type TestApp } from './helpers.ts';

const webDocuments = JSON.parse(fs.readFileSync(WEB_DOCUMENTS_FILE, 'utf8')) as Record<
  string,
  string
>;

/** The web app's document of an operation: its id and its text. */
function webDocument(name: string): { id: string; text: string } {
  const found = Object.entries(webDocuments).find(([, text]) =>
    new RegExp(`^(query|mutation) ${name}\\b`).test(text),
  );
  if (!found) throw new Error(`no web document ${name}`);
  return { id: found[0], text: found[1] };
}

/** A request by POST of a document's id (or of anything else in the body). */
async function post(
  app: FastifyInstance,
  body: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; result: GraphQLResult }> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
  return { status: response.statusCode, result: response.json() as GraphQLResult };
}

/** A request by GET, the way the production build sends a query. */
async function get(
  app: FastifyInstance,
  params: Record<string, string>,
  token?: string,
): Promise<{ status: number; result: GraphQLResult }> {
  const response = await app.inject({
    method: 'GET',
    url: `/graphql?${new URLSearchParams(params)}`,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, result: response.json() as GraphQLResult };
}

/** Signs in with the web app's Login document, by its id. */
async function signIn(app: FastifyInstance, username: string): Promise<string> {
  const { result } = await post(app, {
    documentId: webDocument('Login').id,
    variables: { username, password: DEMO_PASSWORD },
  });
  const token = (result.data as { login?: { accessToken: string } } | undefined)?.login
    ?.accessToken;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(result.errors)}`);
  return token;
}

/** A query of the benchmark's kind, which is not one of the web app's. */
const TOOL_QUERY = `query ToolInvoices { allInvoices(first: 3, orderBy: PRIMARY_KEY_ASC) { nodes { id } } }`;

let prod: TestApp;
let dev: TestApp;

beforeAll(async () => {
  [prod, dev] = await Promise.all([
    createTestApp(
      { production: true },
      { trustedDocuments: { [documentId(TOOL_QUERY)]: TOOL_QUERY } },
    ),
    createTestApp({ production: false }),
  ]);
});

describe('trusted documents in production', () => {
  it('are on by default in production, off in development', () => {
    expect(prod.config.trustedDocumentsOnly).toBe(true);
    expect(dev.config.trustedDocumentsOnly).toBe(false);
  });

  it('a query that is not one of the web app’s is refused, by its text, with UnknownOperation', async () => {
    const { status, result } = await post(prod.app, {
      query: '{ allSubsidiaries { totalCount } }',
    });
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(errorCode(result)).toBe('UnknownOperation');
    expect(result.errors?.[0]?.message).toMatch(/only the web application's own operations/);
    // by GET, too
    const byGet = await get(prod.app, { query: '{ __typename }' });
    expect(errorCode(byGet.result)).toBe('UnknownOperation');
  });

  it('a web operation sent as its exact text runs (whitespace around it aside); the same text changed by one space is refused', async () => {
    const { text } = webDocument('Login');
    const variables = { username: 'viewer', password: DEMO_PASSWORD };
    const exact = await post(prod.app, { query: `\n    ${text}\n    `, variables });
    expect(exact.result.errors).toBeUndefined();
    expect(
      (exact.result.data as { login: { accessToken: string } }).login.accessToken,
    ).toBeTruthy();
    const changed = await post(prod.app, { query: text.replace('{', ' {'), variables });
    expect(changed.status).toBe(400);
    expect(errorCode(changed.result)).toBe('UnknownOperation');
    expect(changed.result.data).toBeUndefined();
  });

  it('an unknown documentId is refused with UnknownOperation', async () => {
    for (const id of [documentId('{ __typename }'), 'not-a-hash', '__proto__']) {
      const { status, result } = await post(prod.app, { documentId: id });
      expect(status).toBe(400);
      expect(errorCode(result)).toBe('UnknownOperation');
      expect(result.errors?.[0]?.message).toMatch(/no operation with this documentId/);
    }
    const byGet = await get(prod.app, { documentId: documentId('{ __typename }') });
    expect(errorCode(byGet.result)).toBe('UnknownOperation');
  });

  it('a web operation named by its hash runs and returns the same data as its text in development', async () => {
    const { id, text } = webDocument('AccountOptions');
    const prodToken = await signIn(prod.app, 'admin');
    const byHash = await get(
      prod.app,
      { documentId: id, operationName: 'AccountOptions' },
      prodToken,
    );
    expect(byHash.status).toBe(200);
    expect(byHash.result.errors).toBeUndefined();
    const subsidiaries = (byHash.result.data as { allSubsidiaries: { nodes: unknown[] } })
      .allSubsidiaries.nodes;
    expect(subsidiaries.length).toBeGreaterThan(0);
    // The same seeded data: the development server answers the text with the same data.
    const devToken = await signIn(dev.app, 'admin');
    const byText = await gql(dev.app, text, {}, devToken);
    expect(byText.errors).toBeUndefined();
    expect(byHash.result.data).toEqual(byText.data);
  });

  it('a web mutation named by its hash runs by POST, never by GET', async () => {
    const { result } = await post(prod.app, {
      documentId: webDocument('Login').id,
      variables: { username: 'viewer', password: DEMO_PASSWORD },
    });
    expect(result.errors).toBeUndefined();
    expect((result.data as { login: { accessToken: string } }).login.accessToken).toBeTruthy();
    const byGet = await get(prod.app, {
      documentId: webDocument('Login').id,
      variables: JSON.stringify({ username: 'viewer', password: DEMO_PASSWORD }),
    });
    expect(byGet.status).toBe(405);
    expect(byGet.result.data).toBeUndefined();
  });

  it('a document given to buildApp (a tool’s own) runs by its hash and as its text', async () => {
    const token = await signIn(prod.app, 'admin');
    for (const body of [{ documentId: documentId(TOOL_QUERY) }, { query: TOOL_QUERY }]) {
      const { result } = await post(prod.app, body, token);
      expect(result.errors).toBeUndefined();
      expect((result.data as { allInvoices: { nodes: unknown[] } }).allInvoices.nodes).toHaveLength(
        3,
      );
    }
    const other = TOOL_QUERY.replace('first: 3', 'first: 4');
    expect(errorCode((await post(prod.app, { query: other }, token)).result)).toBe(
      'UnknownOperation',
    );
  });

  it('buildApp refuses a given document whose id is not the SHA-256 of its text', async () => {
    await expect(
      buildApp({
        config: loadConfig({ production: true }),
        ownerUrl: 'postgres://unused',
        authenticatorUrl: 'postgres://unused',
        jwtSecret: 'unused',
        trustedDocuments: { [documentId('{ __typename }')]: '{ __typename  }' },
      }),
    ).rejects.toThrow(/not named by the SHA-256 of its text/);
  });
});

describe('trusted documents in development', () => {
  it('any query runs as text', async () => {
    const token = await signIn(dev.app, 'admin');
    const result = await gql(dev.app, '{ allSubsidiaries { totalCount } }', {}, token);
    expect(result.errors).toBeUndefined();
    expect(
      (result.data as { allSubsidiaries: { totalCount: number } }).allSubsidiaries.totalCount,
    ).toBeGreaterThan(0);
  });

  it('web operations run by their hash too (the production build against a development server)', async () => {
    const token = await signIn(dev.app, 'admin');
    const { result } = await get(dev.app, { documentId: webDocument('CurrentUser').id }, token);
    expect(result.errors).toBeUndefined();
    expect((result.data as { currentUser: { username: string } }).currentUser.username).toBe(
      'admin',
    );
    // An unknown id is still refused: it names nothing.
    expect(errorCode((await post(dev.app, { documentId: 'f'.repeat(64) })).result)).toBe(
      'UnknownOperation',
    );
  });
});

describe('TRUSTED_DOCUMENTS_ONLY', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('defaults to NODE_ENV=production and overrides it either way', () => {
    vi.stubEnv('TRUSTED_DOCUMENTS_ONLY', '');
    vi.stubEnv('NODE_ENV', 'production');
    expect(loadConfig().trustedDocumentsOnly).toBe(true);
    vi.stubEnv('NODE_ENV', 'development');
    expect(loadConfig().trustedDocumentsOnly).toBe(false);
    vi.stubEnv('TRUSTED_DOCUMENTS_ONLY', 'true');
    expect(loadConfig().trustedDocumentsOnly).toBe(true);
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('TRUSTED_DOCUMENTS_ONLY', 'false');
    expect(loadConfig().trustedDocumentsOnly).toBe(false);
    vi.stubEnv('TRUSTED_DOCUMENTS_ONLY', 'yes');
    expect(() => loadConfig()).toThrow(/TRUSTED_DOCUMENTS_ONLY must be true or false/);
  });
});

// SPEC §7 transport: short read-only queries as GET while the URL stays within 2,047 characters;
// everything else as POST with query, variables and operation name. The production build names
// a generated document by its hash (documentId) instead of sending its text (trusted documents).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as webDocuments from '../src/api/generated.ts';
import { CurrentUserDocument, LoginDocument } from '../src/api/session-generated.ts';
import * as sessionDocuments from '../src/api/session-generated.ts';
import manifest from '../src/api/trusted-documents.json';
import {
  graphqlRequest,
  MAX_GET_URL,
  operationOf,
  type DocumentText,
} from '../src/api/transport.ts';

const ENDPOINT = 'http://localhost/graphql';
const query = (fields: number) => `query Long { ${'currentUser { id } '.repeat(fields)}}`;

describe('transport', () => {
  it('names the operation of a document', () => {
    expect(operationOf(CurrentUserDocument)).toEqual({ type: 'query', name: 'CurrentUser' });
    expect(operationOf(LoginDocument)).toEqual({ type: 'mutation', name: 'Login' });
  });

  it('a short query goes as GET, with its variables and operation name in the URL', () => {
    const { url, init } = graphqlRequest(
      ENDPOINT,
      CurrentUserDocument,
      {},
      { authorization: 'Bearer t' },
    );
    expect(init.method).toBe('GET');
    expect(new URL(url).searchParams.get('operationName')).toBe('CurrentUser');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t');
    const withVariables = graphqlRequest(ENDPOINT, query(1), { first: 10 }, {});
    expect(JSON.parse(new URL(withVariables.url).searchParams.get('variables')!)).toEqual({
      first: 10,
    });
  });

  it('switches to POST exactly when the GET URL would pass 2,047 characters', () => {
    const length = (n: number) => graphqlRequest(ENDPOINT, query(n), {}, {}).url.length;
    let n = 1;
    while (graphqlRequest(ENDPOINT, query(n + 1), {}, {}).init.method === 'GET') n++;
    expect(length(n)).toBeLessThanOrEqual(MAX_GET_URL);
    const post = graphqlRequest(ENDPOINT, query(n + 1), {}, {});
    expect(post.init.method).toBe('POST');
    expect(post.url).toBe(ENDPOINT);
    expect(
      `${ENDPOINT}?${new URLSearchParams({ query: query(n + 1).trim(), operationName: 'Long' })}`
        .length,
    ).toBeGreaterThan(MAX_GET_URL);
  });

  it('mutations always go as POST, with query, variables and operation name', () => {
    const { url, init } = graphqlRequest(
      ENDPOINT,
      LoginDocument,
      { username: 'a', password: 'b' },
      {},
    );
    expect(init.method).toBe('POST');
    expect(url).toBe(ENDPOINT);
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      operationName: 'Login',
      variables: { username: 'a', password: 'b' },
    });
    expect(body.query).toMatch(/^mutation Login/);
  });
});

/** Every generated document of the web app (the typed document exports of both files). */
const generated: DocumentText[] = [
  ...Object.values(sessionDocuments),
  ...Object.values(webDocuments),
].filter((value: unknown): value is DocumentText => value instanceof String);

/** What the client sends as the text of a document (by GET or by POST). */
function sentText(document: DocumentText): string {
  const { url, init } = graphqlRequest(ENDPOINT, document, {}, {});
  return init.method === 'GET'
    ? new URL(url).searchParams.get('query')!
    : (JSON.parse(String(init.body)) as { query: string }).query;
}

describe('trusted documents', () => {
  it('every generated document carries the SHA-256 of the text the client sends, and the manifest maps it to that text', () => {
    expect(generated.length).toBe(Object.keys(manifest).length);
    for (const document of generated) {
      const text = sentText(document);
      const hash = createHash('sha256').update(text).digest('hex');
      expect(document.__meta__?.hash, operationOf(document).name).toBe(hash);
      expect((manifest as Record<string, string>)[hash]).toBe(text);
    }
  });

  it('the production form sends a query as GET ?documentId=<hash>, without its text', () => {
    const { url, init } = graphqlRequest(ENDPOINT, CurrentUserDocument, {}, {}, true);
    expect(init.method).toBe('GET');
    const params = new URL(url).searchParams;
    expect(params.get('documentId')).toBe(CurrentUserDocument.__meta__?.hash);
    expect(params.get('documentId')).toMatch(/^[0-9a-f]{64}$/);
    expect(params.get('operationName')).toBe('CurrentUser');
    expect(params.has('query')).toBe(false);
    expect(url.length).toBeLessThan(ENDPOINT.length + 120);
  });

  it('by hash, a query too long for GET by its text goes as GET', () => {
    const long = generated.find(
      (document) =>
        operationOf(document).type === 'query' &&
        graphqlRequest(ENDPOINT, document, {}, {}).init.method === 'POST',
    );
    expect(long, 'a web query whose text makes too long a URL').toBeDefined();
    const { url, init } = graphqlRequest(ENDPOINT, long!, { first: 10 }, {}, true);
    expect(init.method).toBe('GET');
    expect(JSON.parse(new URL(url).searchParams.get('variables')!)).toEqual({ first: 10 });
  });

  it('the production form sends a mutation as POST with documentId, variables and operation name, without its text', () => {
    const { url, init } = graphqlRequest(
      ENDPOINT,
      LoginDocument,
      { username: 'a', password: 'b' },
      {},
      true,
    );
    expect(init.method).toBe('POST');
    expect(url).toBe(ENDPOINT);
    expect(JSON.parse(String(init.body))).toEqual({
      documentId: LoginDocument.__meta__?.hash,
      variables: { username: 'a', password: 'b' },
      operationName: 'Login',
    });
  });

  it('a document without a hash is sent as its text', () => {
    const { url } = graphqlRequest(ENDPOINT, query(1), {}, {}, true);
    expect(new URL(url).searchParams.get('query')).toBe(query(1).trim());
    expect(new URL(url).searchParams.has('documentId')).toBe(false);
  });
});

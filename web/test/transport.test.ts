// SPEC §7 transport: short read-only queries as GET while the URL stays within 2,047 characters;
// everything else as POST with query, variables and operation name.
import { describe, expect, it } from 'vitest';
import { CurrentUserDocument, LoginDocument } from '../src/api/session-generated.ts';
import { graphqlRequest, MAX_GET_URL, operationOf } from '../src/api/transport.ts';

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

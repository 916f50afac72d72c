/**
 * How a GraphQL operation travels (SPEC §7): a short read-only query as GET, when its URL stays
 * within MAX_GET_URL characters (so the browser and proxies may cache it); everything else as
 * POST with the query, variables and operation name. Documents are strings (no GraphQL parser
 * in the browser).
 */
export const MAX_GET_URL = 2047;

/** A generated typed document: its text, and the types of its result and variables. */
export interface GraphQLDocument<R, V> {
  toString(): string;
  __apiType?: (variables: V) => R;
}

export interface Operation {
  type: 'query' | 'mutation' | 'subscription';
  name: string;
}

/** The type and name of the (first) operation of a document. */
export function operationOf(document: { toString(): string }): Operation {
  const match = /\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(
    document.toString(),
  );
  return match
    ? { type: match[1] as Operation['type'], name: match[2]! }
    : { type: 'query', name: 'operation' };
}

/** The fetch arguments of an operation: GET for a short query, else POST. */
export function graphqlRequest(
  endpoint: string,
  document: { toString(): string },
  variables: object | undefined,
  headers: Record<string, string>,
): { url: string; init: RequestInit } {
  const query = document.toString().trim();
  const { type, name } = operationOf(document);
  if (type === 'query') {
    const params = new URLSearchParams({ query, operationName: name });
    if (variables && Object.keys(variables).length > 0) {
      params.set('variables', JSON.stringify(variables));
    }
    const url = `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
    if (url.length <= MAX_GET_URL) {
      return { url, init: { method: 'GET', headers: { accept: 'application/json', ...headers } } };
    }
  }
  return {
    url: endpoint,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify({ query, variables: variables ?? {}, operationName: name }),
    },
  };
}

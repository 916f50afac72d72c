/**
 * How a GraphQL operation travels (SPEC §7): a short read-only query as GET, when its URL stays
 * within MAX_GET_URL characters (so the browser and proxies may cache it); everything else as
 * POST with the query, variables and operation name. Documents are strings (no GraphQL parser
 * in the browser).
 *
 * Trusted documents: the production build sends a generated document's hash as `documentId`
 * instead of its text (web/scripts/codegen.ts), so that a server that runs only the web app's
 * own documents knows which one, and a query's GET URL stays short. Development builds send the
 * text, so that a document edited since the server started still runs.
 */
export const MAX_GET_URL = 2047;

/** A document's text and, when codegen made it, its hash: the SHA-256 (hex) of the trimmed text. */
export interface DocumentText {
  toString(): string;
  __meta__?: { hash?: string };
}

/** A generated typed document: its text, its hash, and the types of its result and variables. */
export interface GraphQLDocument<R, V> extends DocumentText {
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

/**
 * The fetch arguments of an operation: GET for a short query, else POST. With `byDocumentId`,
 * a document that has a hash goes as `documentId` instead of `query`.
 */
export function graphqlRequest(
  endpoint: string,
  document: DocumentText,
  variables: object | undefined,
  headers: Record<string, string>,
  byDocumentId = false,
): { url: string; init: RequestInit } {
  const hash = byDocumentId ? document.__meta__?.hash : undefined;
  const source: Record<string, string> = hash
    ? { documentId: hash }
    : { query: document.toString().trim() };
  const { type, name } = operationOf(document);
  if (type === 'query') {
    const params = new URLSearchParams({ ...source, operationName: name });
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
      body: JSON.stringify({ ...source, variables: variables ?? {}, operationName: name }),
    },
  };
}

import type { TokenStore } from '../session/token-store.ts';
import { RefreshAccessDocument } from './session-generated.ts';
import { graphqlRequest, operationOf, type GraphQLDocument } from './transport.ts';

/** Codes meaning "the access token is no good": refresh, then retry once (SPEC §7). */
const AUTH_ERROR_CODES = new Set(['invalid-jwt', 'JwtTokenExpired']);

/** A failed call, with a stable code the UI translates (SPEC §8). */
export class ApiError extends Error {
  readonly code: string;
  readonly kind: 'network' | 'graphql' | 'http';
  readonly details: Record<string, unknown>;

  constructor(
    kind: ApiError['kind'],
    code: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.details = details;
  }
}

interface GraphQLResponse<R> {
  data?: R | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** The data of a response, or the ApiError it carries. */
async function readResponse<R>(response: Response): Promise<R> {
  let body: GraphQLResponse<R> | undefined;
  try {
    body = (await response.json()) as GraphQLResponse<R>;
  } catch {
    body = undefined;
  }
  const first = body?.errors?.[0];
  if (first) {
    const { code, ...details } = (first.extensions ?? {}) as { code?: string };
    throw new ApiError('graphql', code ?? 'GraphQLError', first.message, details);
  }
  if (response.status === 401) throw new ApiError('http', 'Unauthorized', 'Unauthorized');
  if (!response.ok) {
    // Codes the error catalogue translates (a bare HTTP status would reach the screen untranslated).
    const code =
      response.status === 503
        ? 'ServiceUnavailable'
        : response.status >= 500
          ? 'InternalServerError'
          : 'BadRequest';
    throw new ApiError('http', code, response.statusText || code, { status: response.status });
  }
  if (!body || body.data === undefined || body.data === null) {
    throw new ApiError('http', 'NoData', 'No data received');
  }
  return body.data;
}

export interface ApiHooks {
  /** New tokens from a refresh. */
  refreshed(tokens: { accessToken: string; expiresIn: number; refreshToken?: string | null }): void;
  /** The refresh failed for good (or there was no refresh token): the session is over. */
  expired(): void;
  /** A request failed on the way (network, HTTP): for error reporting. Refusals are not failures. */
  failed?(error: ApiError, operation: string): void;
}

/**
 * The GraphQL client: sends the bearer token when there is one; on a 401 or an invalid or
 * expired token it refreshes once (shared by concurrent calls) and retries the call once.
 * The production build names each document by its hash (trusted documents, transport.ts).
 */
export class Api {
  private readonly endpoint: string;
  private readonly tokens: TokenStore;
  private readonly hooks: ApiHooks;
  private readonly byDocumentId: boolean;
  private refreshing: Promise<void> | undefined;

  constructor(
    tokens: TokenStore,
    hooks: ApiHooks,
    endpoint = '/graphql',
    byDocumentId = import.meta.env.PROD,
  ) {
    this.endpoint = new URL(endpoint, globalThis.location?.href ?? 'http://localhost').toString();
    this.tokens = tokens;
    this.hooks = hooks;
    this.byDocumentId = byDocumentId;
  }

  private async send<R, V extends object>(
    document: GraphQLDocument<R, V>,
    variables: V | undefined,
    token: string | undefined,
  ): Promise<R> {
    const { url, init } = graphqlRequest(
      this.endpoint,
      document,
      variables,
      {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // The interface's language (set on <html lang>): the server writes words in it.
        ...(globalThis.document?.documentElement.lang
          ? { 'accept-language': globalThis.document.documentElement.lang }
          : {}),
      },
      this.byDocumentId,
    );
    let response: Response;
    try {
      response = await globalThis.fetch(url, init);
    } catch {
      const error = new ApiError(
        'network',
        'NetworkError',
        'Request failed due to a network error.',
      );
      this.hooks.failed?.(error, operationOf(document).name);
      throw error;
    }
    try {
      return await readResponse<R>(response);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http' && error.code !== 'Unauthorized') {
        this.hooks.failed?.(error, operationOf(document).name);
      }
      throw error;
    }
  }

  async request<R, V extends object>(document: GraphQLDocument<R, V>, variables?: V): Promise<R> {
    try {
      return await this.send(document, variables, this.tokens.current?.accessToken);
    } catch (error) {
      const apiError = error as ApiError;
      const authFailure = AUTH_ERROR_CODES.has(apiError.code) || apiError.code === 'Unauthorized';
      if (!authFailure || !this.tokens.current) throw apiError;
      await this.refresh();
      return this.send(document, variables, this.tokens.current?.accessToken);
    }
  }

  /**
   * A request to another part of the API (file storage) with the same bearer token and the same
   * rule: a 401 refreshes the token once and the request is sent again.
   */
  async authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
    return this.withToken((authorization) =>
      globalThis.fetch(url, { ...init, headers: { ...authorization, ...init.headers } }),
    );
  }

  /**
   * Any request (fetch, or XMLHttpRequest for upload progress) with the bearer token: on a 401
   * the token is refreshed once and the request sent again.
   */
  async withToken<T extends { status: number }>(
    attempt: (authorization: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const header = (): Record<string, string> => {
      const token = this.tokens.current?.accessToken;
      return token ? { authorization: `Bearer ${token}` } : {};
    };
    const response = await attempt(header());
    if (response.status !== 401 || !this.tokens.current) return response;
    await this.refresh();
    return attempt(header());
  }

  /** One refresh at a time; callers that arrive meanwhile wait for the same one. */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    const refreshToken = this.tokens.current?.refreshToken;
    if (!refreshToken) {
      this.hooks.expired();
      throw new ApiError('http', 'JwtTokenExpired', 'The session has ended.');
    }
    try {
      const result = await this.send(RefreshAccessDocument, { refreshToken }, undefined);
      this.hooks.refreshed(result.refreshAccess);
    } catch (error) {
      const apiError = error as ApiError;
      // A network error keeps the tokens: the session may still be fine once back online.
      if (apiError.kind !== 'network') this.hooks.expired();
      throw apiError;
    }
  }
}

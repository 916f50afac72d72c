import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { ClientError, GraphQLClient } from 'graphql-request';
import type { TokenStore } from '../session/token-store.ts';
import { RefreshAccessDocument } from './generated.ts';

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

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ClientError) {
    const first = error.response.errors?.[0];
    if (first) {
      const { code, ...details } = (first.extensions ?? {}) as { code?: string };
      return new ApiError('graphql', code ?? 'GraphQLError', first.message, details);
    }
    if (error.response.status === 401) return new ApiError('http', 'Unauthorized', 'Unauthorized');
    return new ApiError('http', `Http${error.response.status}`, error.message);
  }
  return new ApiError('network', 'NetworkError', 'Request failed due to a network error.');
}

export interface ApiHooks {
  /** New tokens from a refresh. */
  refreshed(tokens: { accessToken: string; expiresIn: number; refreshToken?: string | null }): void;
  /** The refresh failed for good (or there was no refresh token): the session is over. */
  expired(): void;
}

/**
 * The GraphQL client: sends the bearer token when there is one; on a 401 or an invalid or
 * expired token it refreshes once (shared by concurrent calls) and retries the call once.
 */
export class Api {
  private readonly client: GraphQLClient;
  private readonly tokens: TokenStore;
  private readonly hooks: ApiHooks;
  private refreshing: Promise<void> | undefined;

  constructor(tokens: TokenStore, hooks: ApiHooks, endpoint = '/graphql') {
    const url = new URL(endpoint, globalThis.location?.href ?? 'http://localhost').toString();
    this.client = new GraphQLClient(url, { fetch: (...args) => globalThis.fetch(...args) });
    this.tokens = tokens;
    this.hooks = hooks;
  }

  private async send<R, V extends object>(
    document: TypedDocumentNode<R, V>,
    variables?: V,
  ): Promise<R> {
    const token = this.tokens.current?.accessToken;
    try {
      return await this.client.request<R>({
        document,
        variables: variables as Record<string, unknown>,
        requestHeaders: token ? { authorization: `Bearer ${token}` } : {},
      });
    } catch (error) {
      throw toApiError(error);
    }
  }

  async request<R, V extends object>(document: TypedDocumentNode<R, V>, variables?: V): Promise<R> {
    try {
      return await this.send(document, variables);
    } catch (error) {
      const apiError = error as ApiError;
      const authFailure = AUTH_ERROR_CODES.has(apiError.code) || apiError.code === 'Unauthorized';
      if (!authFailure || !this.tokens.current) throw apiError;
      await this.refresh();
      return this.send(document, variables);
    }
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
      const result = await this.client.request({
        document: RefreshAccessDocument,
        variables: { refreshToken },
      });
      this.hooks.refreshed(result.refreshAccess);
    } catch (error) {
      const apiError = toApiError(error);
      // A network error keeps the tokens: the session may still be fine once back online.
      if (apiError.kind !== 'network') this.hooks.expired();
      throw apiError;
    }
  }
}

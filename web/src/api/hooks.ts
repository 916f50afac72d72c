import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, rememberedQueries } from '../app/services.ts';
import { useSession } from '../session/useSession.ts';
import { queryCacheOptions, showsChanged, type CachePolicy, type RecordKind } from './cache.ts';
import { operationOf, type GraphQLDocument } from './transport.ts';

/**
 * A typed GraphQL query, cached per account (switching accounts never shows another's data), with
 * the kinds of record it shows (so that only changes of those refresh it).
 */
export function useGraphQLQuery<R, V extends object>(
  document: GraphQLDocument<R, V>,
  variables: V,
  policy: CachePolicy,
  options: Omit<UseQueryOptions<R>, 'queryKey' | 'queryFn' | 'meta' | 'staleTime'> = {},
) {
  const { currentAccount } = useSession();
  const name = operationOf(document).name;
  // A screen's own query (a list, a record), not a look-up kept in the cache, is sent next time
  // its address opens (app/remembered-queries.ts).
  useRemembered(
    document,
    variables,
    currentAccount?.id,
    !policy.cacheFirst && options.enabled !== false,
  );
  return useQuery<R>({
    queryKey: [name, currentAccount?.id, variables],
    // The answer to the same query sent as the address opened, if there is one (app/remembered-queries.ts).
    queryFn: () =>
      (rememberedQueries.take(name, currentAccount?.id, variables) as Promise<R> | undefined) ??
      api.request(document, variables),
    ...queryCacheOptions(policy),
    ...options,
  });
}

/** A typed GraphQL mutation; afterwards the cached queries that show what it changed refresh. */
export function useGraphQLMutation<R, V extends object>(
  document: GraphQLDocument<R, V>,
  changes: readonly RecordKind[],
) {
  const queryClient = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: (variables: V) => api.request(document, variables),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => showsChanged(query.meta, changes) }),
  });
}

/** A list query's page as a table shows it: the rows (nulls dropped), total, loading and error. */
export function useListQuery<R, V extends object, Row>(
  document: GraphQLDocument<R, V>,
  variables: V,
  policy: CachePolicy,
  connection: (data: R) => { nodes: (Row | null)[]; totalCount: number } | null | undefined,
  /** E.g. `enabled: false` while a variable the list needs is not known yet. */
  options: Omit<UseQueryOptions<R>, 'queryKey' | 'queryFn' | 'meta' | 'staleTime'> = {},
) {
  const query = useGraphQLQuery(document, variables, policy, options);
  const page = query.data ? connection(query.data) : undefined;
  return {
    rows: (page?.nodes ?? []).filter((row): row is Row => row !== null),
    totalCount: page?.totalCount ?? 0,
    /** The whole answer (what the document asks for beside the page, e.g. a total). */
    data: query.data,
    loading: query.isFetching,
    error: query.error ?? undefined,
    refetch: () => void query.refetch(),
  };
}

/** A query that runs is sent as its address opens next time (app/remembered-queries.ts). */
function useRemembered<V extends object>(
  document: GraphQLDocument<unknown, V>,
  variables: V,
  account: string | undefined,
  enabled: boolean,
) {
  const identity = JSON.stringify(variables);
  useEffect(() => {
    if (!enabled || !account) return;
    rememberedQueries.remember(
      `${window.location.pathname}${window.location.search}`,
      account,
      document,
      JSON.parse(identity) as object,
    );
  }, [document, identity, enabled, account]);
}

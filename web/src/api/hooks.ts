import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '../app/services.ts';
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
  return useQuery<R>({
    queryKey: [operationOf(document).name, currentAccount?.id, variables],
    queryFn: () => api.request(document, variables),
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

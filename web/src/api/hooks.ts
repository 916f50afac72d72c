import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '../app/services.ts';
import { useSession } from '../session/useSession.ts';
import { operationOf, type GraphQLDocument } from './transport.ts';

/** A typed GraphQL query, cached per account (switching accounts never shows another's data). */
export function useGraphQLQuery<R, V extends object>(
  document: GraphQLDocument<R, V>,
  variables: V,
  options: Omit<UseQueryOptions<R>, 'queryKey' | 'queryFn'> = {},
) {
  const { currentAccount } = useSession();
  return useQuery<R>({
    queryKey: [operationOf(document).name, currentAccount?.id, variables],
    queryFn: () => api.request(document, variables),
    ...options,
  });
}

/** A typed GraphQL mutation; afterwards every cached query is refreshed. */
export function useGraphQLMutation<R, V extends object>(document: GraphQLDocument<R, V>) {
  const queryClient = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: (variables: V) => api.request(document, variables),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A list query's page as a table shows it: the rows (nulls dropped), total, loading and error. */
export function useListQuery<R, V extends object, Row>(
  document: GraphQLDocument<R, V>,
  variables: V,
  connection: (data: R) => { nodes: (Row | null)[]; totalCount: number } | null | undefined,
) {
  const query = useGraphQLQuery(document, variables);
  const page = query.data ? connection(query.data) : undefined;
  return {
    rows: (page?.nodes ?? []).filter((row): row is Row => row !== null),
    totalCount: page?.totalCount ?? 0,
    loading: query.isFetching,
    error: query.error ?? undefined,
    refetch: () => void query.refetch(),
  };
}

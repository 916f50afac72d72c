import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GlobalSearchDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { searchable, type SearchHit } from './links.ts';

/** How long typing pauses before the text is searched. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The value, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The global search's hits for the text (debounced), up to perKind of each kind. */
export function useGlobalSearch(text: string, perKind: number) {
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = searchable(settled);
  const query = useGraphQLQuery(
    GlobalSearchDocument,
    { search: settled, perKind },
    { reads: ['Invoice', 'Bill', 'Cost', 'Document', 'Company'] },
    { enabled, placeholderData: keepPreviousData },
  );
  const hits = enabled
    ? (query.data?.globalSearch?.nodes ?? []).filter((hit): hit is SearchHit => hit !== null)
    : [];
  return {
    hits,
    searched: enabled && query.isSuccess ? settled : undefined,
    loading: enabled && (query.isFetching || settled !== text.trim()),
    error: query.error ?? undefined,
    enabled,
  };
}

import { QueryClient } from '@tanstack/react-query';

/**
 * The query cache of the signed-in application (the shell provides it; the sign-in page does not
 * load it). SPEC §7: cache-and-network — show what is cached, refresh it in the background.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
  },
});

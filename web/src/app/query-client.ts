import { QueryClient, notifyManager } from '@tanstack/react-query';

/**
 * A query's answer reaches its screen in a microtask, as soon as it is read, not in a timer
 * (TanStack Query's default, `setTimeout(…, 0)`): while React draws a transition in 5-ms slices
 * (the filter fields drawn after the screen, docs/web.md "First rows"), a timer waits behind every
 * slice, and a list's rows waited for fields drawn so as not to keep them waiting. Notifications
 * made together still arrive together (one microtask for a batch).
 */
notifyManager.setScheduler(queueMicrotask);

/**
 * The query cache of the signed-in application (the shell provides it; the sign-in page does not
 * load it). SPEC §7: cache-and-network — show what is cached, refresh it in the background.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
  },
});

import { useSyncExternalStore } from 'react';
import { sessionStore } from '../app/services.ts';
import type { SessionSnapshot } from './session-store.ts';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

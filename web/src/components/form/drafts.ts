import { useEffect, useState } from 'react';
import { useSession } from '../../session/useSession.ts';
import { draftKey, readDraft, writeDraft } from './draft-store.ts';

export type { Draft } from './draft-store.ts';

/**
 * A wizard's draft in this browser, per signed-in user, until the record is created or the draft
 * discarded: `restored` is the draft found when the wizard opened; `save` keeps the latest state
 * (debounced by the caller), `clear` forgets it. Files picked are not kept (the browser cannot
 * store them); every typed value is.
 */
export function useDraft<T>(form: string) {
  const { user } = useSession();
  const key = user ? draftKey(form, user.id) : undefined;
  const storage = globalThis.localStorage as Storage | undefined;
  const [restored, setRestored] = useState(() => (key ? readDraft<T>(storage, key) : undefined));
  return {
    restored,
    save(data: T) {
      if (key) writeDraft(storage, key, data, new Date());
    },
    clear() {
      setRestored(undefined);
      if (key) storage?.removeItem(key);
    },
  };
}

/** Keeps `data` as the draft half a second after it last changed, while `when` holds. */
export function useDraftSaving<T>(data: T, when: boolean, save: (data: T) => void): void {
  const text = JSON.stringify(data);
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => save(JSON.parse(text) as T), 500);
    return () => clearTimeout(timer);
    // `save` is a new function each render; the draft follows the data only.
  }, [text, when]);
}

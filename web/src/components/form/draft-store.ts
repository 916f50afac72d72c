/** A form's draft as the browser keeps it: what was typed and when. */
export interface Draft<T> {
  savedAt: string;
  data: T;
}

const PREFIX = 'ledgerline.draft';

/** Where a user's draft of a form lives in localStorage (one per form and user). */
export function draftKey(form: string, userId: string): string {
  return `${PREFIX}.${form}.${userId}`;
}

export function readDraft<T>(storage: Storage | undefined, key: string): Draft<T> | undefined {
  try {
    const text = storage?.getItem(key);
    if (!text) return undefined;
    const draft = JSON.parse(text) as Draft<T>;
    return typeof draft.savedAt === 'string' && draft.data ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft<T>(storage: Storage | undefined, key: string, data: T, now: Date) {
  try {
    storage?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), data }));
  } catch {
    // A full or forbidden storage loses the draft, never the form.
  }
}

import { useDraftSaving } from './drafts.ts';
import { UnsavedChangesGuard } from './UnsavedChanges.tsx';

/** Keeps the draft while the wizard has changes, and asks before they are left behind. */
export function DraftKeeper<T>(props: { draft: T; changed: boolean; save: (draft: T) => void }) {
  useDraftSaving(props.draft, props.changed, props.save);
  return <UnsavedChangesGuard when={props.changed} />;
}

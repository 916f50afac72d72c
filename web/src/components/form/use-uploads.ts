import { useRef } from 'react';
import { storageRequest } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import type { PickedFile } from './file-rules.ts';
import { uploadPicked } from './FileDropZone.tsx';
import { certainlyRefused } from './upload-policy.ts';

/**
 * Upload-then-save, with the one failure policy of every form that attaches files (the invoice and
 * bill wizards, the attach dialogs; docs/web.md "Files in a form"):
 * - the picked files go up once; a retry of the same files reuses the uploads (no second copy);
 * - when the save is certainly refused, the uploads are deleted at once (no orphan file stays,
 *   and the still-picked files go up again on the retry);
 * - when its outcome is unknown (network, server error), they are kept for the retry and never
 *   deleted from the browser: the record may have been created with them, and DELETE /{id}
 *   would strip them from it; an upload no record took expires in the storage by itself;
 * - discarding the form (cancel, leave, start again) forgets them, for the same reason.
 */
export function useUploads() {
  const kept = useRef(new Map<string, string[]>());
  const keyOf = (files: PickedFile[]) => files.map((file) => file.key).join('|');

  return {
    /** The ids of these files in the storage, uploading them unless a failed save kept them. */
    async upload(files: PickedFile[], onChange: (files: PickedFile[]) => void): Promise<string[]> {
      if (files.length === 0) return [];
      const key = keyOf(files);
      const ids = kept.current.get(key) ?? (await uploadPicked(files, onChange));
      kept.current.set(key, ids);
      return ids;
    },
    /** Whether these files are already in the storage from an earlier attempt. */
    isKept(files: PickedFile[]): boolean {
      return files.length > 0 && kept.current.has(keyOf(files));
    },
    /** The save failed: the uploads are deleted if it certainly created nothing, else kept. */
    async failed(error: unknown): Promise<void> {
      if (!certainlyRefused(error)) return;
      const ids = [...kept.current.values()].flat();
      kept.current.clear();
      await Promise.all(
        ids.map((id) =>
          storageRequest(api, `/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => {}),
        ),
      );
    },
    /** The record took the uploads (saved), or the form was discarded: nothing is kept. */
    forget(): void {
      kept.current.clear();
    },
  };
}

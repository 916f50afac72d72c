// SPEC §5 attachment rules as the drop zone applies them before anything is sent (the storage
// server applies them again: docs/files.md).

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_FILES = 10;
const ACCEPTED = ['.pdf', '.sig', '.png', '.jpg', '.jpeg', '.gif', '.webp'];

export interface PickedFile {
  key: string;
  file: File;
  /** The content's sha256 (hex), when the browser could compute it. */
  sha256?: string;
  /** Share sent while uploading, 0 to 1. */
  progress?: number;
}

/** Why a file was not added: an i18n key under `files.` and the file's name. */
export interface Refusal {
  reason: 'tooBig' | 'unsupported' | 'onePdfOneSig' | 'tooMany' | 'duplicate' | 'stored';
  name: string;
  /** Where an already stored copy is attached ("invoice 12"). */
  where?: { kind: string; recordId: string }[];
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Which of the new files may join the list: at most 5 MB each, of an accepted type, at most one
 * .pdf and one .sig in the list, at most 10 files; with the duplicate check on, a content already
 * in the list or already stored (`stored`, by sha256) is skipped.
 */
export function admit(
  current: PickedFile[],
  incoming: PickedFile[],
  options: { checkDuplicates: boolean; stored?: Map<string, Refusal['where']> },
): { files: PickedFile[]; refused: Refusal[] } {
  const files = [...current];
  const refused: Refusal[] = [];
  for (const picked of incoming) {
    const { name, size } = picked.file;
    const extension = extensionOf(name);
    if (size > MAX_FILE_BYTES) refused.push({ reason: 'tooBig', name });
    else if (!ACCEPTED.includes(extension)) refused.push({ reason: 'unsupported', name });
    else if (
      (extension === '.pdf' || extension === '.sig') &&
      files.some((file) => extensionOf(file.file.name) === extension)
    )
      refused.push({ reason: 'onePdfOneSig', name });
    else if (files.length >= MAX_FILES) refused.push({ reason: 'tooMany', name });
    else if (
      options.checkDuplicates &&
      picked.sha256 &&
      files.some((file) => file.sha256 === picked.sha256)
    )
      refused.push({ reason: 'duplicate', name });
    else if (options.checkDuplicates && picked.sha256 && options.stored?.has(picked.sha256))
      refused.push({ reason: 'stored', name, where: options.stored.get(picked.sha256) });
    else files.push(picked);
  }
  return { files, refused };
}

/** The sha256 of a file's content in hex, or undefined where the browser has no WebCrypto. */
export async function sha256Of(file: File): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const DUPLICATE_CHECK_KEY = 'ledgerline.duplicateCheck';

/** Whether the duplicate check is on (SPEC §5: on unless turned off with "don't show again"). */
export function duplicateCheckOn(): boolean {
  return globalThis.localStorage?.getItem(DUPLICATE_CHECK_KEY) !== 'off';
}

export function setDuplicateCheck(on: boolean): void {
  if (on) globalThis.localStorage?.removeItem(DUPLICATE_CHECK_KEY);
  else globalThis.localStorage?.setItem(DUPLICATE_CHECK_KEY, 'off');
}

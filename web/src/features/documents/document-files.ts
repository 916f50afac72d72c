import { api } from '../../app/services.ts';
import * as storage from '../../api/storage.ts';

// The documents' file actions, through the one storage client (api/storage.ts).

/** Opens a file in a new tab (the browser shows PDFs and images itself). */
export async function viewFile(id: string): Promise<void> {
  // Opened before the download, so the browser does not treat it as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await storage.fetchFile(api, id));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves a file under its original name. */
export function downloadFile(id: string, name: string): Promise<void> {
  return storage.downloadFile(api, id, name);
}

/** Saves a zip of the given files as `{name}.zip`. */
export function downloadZip(ids: string[], name: string): Promise<void> {
  return storage.downloadZip(api, ids, name);
}

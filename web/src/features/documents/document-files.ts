import { api } from '../../app/services.ts';
import { ApiError } from '../../api/client.ts';
import { fileUrl, STORAGE_BASE } from '../../api/storage.ts';
import { saveFile } from '../../components/save-file.ts';

/** Fetches stored bytes with the bearer token (a plain link cannot send it). */
async function fetchBlob(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await api.authorizedFetch(path);
  } catch {
    throw new ApiError('network', 'NetworkError', 'Request failed due to a network error.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError('http', body.code ?? 'FileNotFound', body.message ?? response.statusText);
  }
  return response.blob();
}

/** Opens a file in a new tab (the browser shows PDFs and images itself). */
export async function viewFile(id: string): Promise<void> {
  // Opened before the download, so the browser does not treat it as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchBlob(fileUrl(id)));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Saves a file under its original name. */
export async function downloadFile(id: string, name: string): Promise<void> {
  saveFile(await fetchBlob(fileUrl(id, 'download')), name);
}

/** Saves a zip of the given files as `{name}.zip`. */
export async function downloadZip(ids: string[], name: string): Promise<void> {
  const query = new URLSearchParams({ files: ids.join(','), name });
  saveFile(await fetchBlob(`${STORAGE_BASE}/archive?${query.toString()}`), `${name}.zip`);
}

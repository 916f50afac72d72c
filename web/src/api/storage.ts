import { saveFile } from '../components/save-file.ts';
import { ApiError, type Api } from './client.ts';

/** The file-storage REST base path (docs/files.md). */
export const STORAGE_BASE = '/api/storage';

export function fileUrl(id: string, kind: 'view' | 'download' = 'view'): string {
  if (typeof id !== 'string') throw new TypeError('A file id must be a string.');
  return `${STORAGE_BASE}/${encodeURIComponent(id)}${kind === 'download' ? '/download' : ''}`;
}

interface StorageResponse<T> {
  error: boolean;
  code?: string;
  message?: string;
  data?: T;
}

/**
 * The storage client: the bearer token and its refresh as for GraphQL (one client decides both);
 * errors as SPEC §8 says.
 */
export async function storageRequest<T>(
  api: Api,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  return storageResponse<T>(() => api.authorizedFetch(`${STORAGE_BASE}${path}`, init));
}

async function storageResponse<T>(send: () => Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('network', 'NetworkError', 'Request failed due to a network error.');
  }
  if (response.status === 413) {
    throw new ApiError('http', 'PayloadTooLarge', 'Total payload size exceeded the limit.');
  }
  const body = (await response.json().catch(() => ({ error: true }))) as StorageResponse<T>;
  if (response.status >= 500) {
    throw new ApiError('http', 'InternalServerError', 'Internal server error', { data: body });
  }
  if (!response.ok || body.error) {
    throw new ApiError('http', body.code ?? 'BadRequest', body.message ?? response.statusText);
  }
  return body.data as T;
}

/**
 * Uploads files in one multipart request (field file[], SPEC §5); returns their ids in order.
 * `onProgress` hears each file's share sent, 0 to 1: the files go in order, so the bytes sent so
 * far are split over them by size.
 */
export async function uploadFiles(
  api: Api,
  files: File[],
  onProgress?: (progress: number[]) => void,
): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('file[]', file, file.name);
  // fetch cannot report upload progress; XMLHttpRequest can, and is used when it is wanted.
  const data = await storageResponse<{ fileIds: string[] }>(() =>
    onProgress
      ? api.withToken((authorization) =>
          post(`${STORAGE_BASE}/`, form, authorization, (sent, total) =>
            onProgress(shares(files, sent, total)),
          ),
        )
      : api.authorizedFetch(`${STORAGE_BASE}/`, { method: 'POST', body: form }),
  );
  onProgress?.(files.map(() => 1));
  return data.fileIds;
}

/** Each file's share sent when `sent` of `total` bytes (its multipart framing included) went. */
export function shares(files: { size: number }[], sent: number, total: number): number[] {
  const content = files.reduce((sum, file) => sum + file.size, 0);
  // The framing (boundaries, headers) is spread over the files in proportion to their size.
  const scale = total > 0 && content > 0 ? content / total : 1;
  let before = 0;
  return files.map((file) => {
    const done =
      file.size === 0
        ? sent >= total
          ? 1
          : 0
        : Math.min(1, Math.max(0, (sent * scale - before) / file.size));
    before += file.size;
    return done;
  });
}

/** A POST through XMLHttpRequest, the one browser request that reports upload progress. */
function post(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress: (sent: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () =>
      resolve(
        new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
        }),
      );
    request.onerror = () => reject(new TypeError('Network error'));
    request.send(body);
  });
}

/**
 * Stored bytes fetched with the bearer token (a plain link cannot send it); a refusal becomes an
 * ApiError with the server's code (FileNotFound, FileAccessDenied, …), so errorMessage translates
 * it. The one way the browser fetches a stored file or zip.
 */
export async function fetchStored(api: Api, path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await api.authorizedFetch(path);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('network', 'NetworkError', 'Request failed due to a network error.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as StorageResponse<unknown>;
    throw new ApiError(
      'http',
      body.code ?? (response.status >= 500 ? 'InternalServerError' : 'FileNotFound'),
      body.message ?? '',
    );
  }
  return response.blob();
}

/** A stored file's bytes (with the bearer token), to show or save in the browser. */
export function fetchFile(api: Api, id: string): Promise<Blob> {
  return fetchStored(api, fileUrl(id));
}

/** Saves a stored file under its original name. */
export async function downloadFile(api: Api, id: string, name: string): Promise<void> {
  saveFile(await fetchStored(api, fileUrl(id, 'download')), name);
}

/** Saves a zip of the given stored files as `name.zip`. */
export async function downloadZip(api: Api, fileIds: string[], name: string): Promise<void> {
  const query = new URLSearchParams({ files: fileIds.join(','), name });
  saveFile(await fetchStored(api, `${STORAGE_BASE}/archive?${query.toString()}`), `${name}.zip`);
}

/**
 * Saves a zip of the files of some records (`invoices`, `bills`, `costs`) as `name.zip`. Records
 * with no file the account may read are refused with RecordsHaveNoFiles ("these records have no
 * files"), not "File not found".
 */
export async function downloadRecordFiles(
  api: Api,
  kind: 'invoices' | 'bills' | 'costs',
  ids: (string | number)[],
  name: string,
): Promise<void> {
  const query = new URLSearchParams({ ids: ids.join(','), name });
  try {
    saveFile(await fetchStored(api, `${STORAGE_BASE}/archive/${kind}?${query}`), `${name}.zip`);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'FileNotFound')
      throw new ApiError('http', 'RecordsHaveNoFiles', 'These records have no files.');
    throw error;
  }
}

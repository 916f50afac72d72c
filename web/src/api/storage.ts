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
  let response: Response;
  try {
    response = await api.authorizedFetch(`${STORAGE_BASE}${path}`, init);
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

/** Uploads files in one multipart request (field file[]); returns their ids in order. */
export async function uploadFiles(api: Api, files: File[]): Promise<string[]> {
  const form = new FormData();
  for (const file of files) form.append('file[]', file, file.name);
  const data = await storageRequest<{ fileIds: string[] }>(api, '/', {
    method: 'POST',
    body: form,
  });
  return data.fileIds;
}

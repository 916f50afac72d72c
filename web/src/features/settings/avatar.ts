import { useEffect, useState } from 'react';
import { fileUrl } from '../../api/storage.ts';
import { api } from '../../app/services.ts';

/** The avatar image, fetched with the bearer token (an <img> cannot send it). */
export function useAvatarUrl(fileId: string | null | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!fileId) return setUrl(undefined);
    let objectUrl: string | undefined;
    void api
      .authorizedFetch(fileUrl(fileId))
      .then((r) => (r.ok ? r.blob() : undefined))
      .then((blob) => {
        if (blob) setUrl((objectUrl = URL.createObjectURL(blob)));
      });
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  return url;
}

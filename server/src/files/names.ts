import path from 'node:path';

/**
 * A file or zip entry name that is safe anywhere: no directories, no traversal, no control or
 * reserved characters, not empty, at most 180 characters (keeping the extension).
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  let clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (!clean || clean === '.' || clean === '..') clean = fallback;
  if (clean.length > 180) {
    const ext = path.extname(clean).slice(0, 10);
    clean = clean.slice(0, 180 - ext.length) + ext;
  }
  return clean;
}

/** A folder name inside a zip: the same rules, used as one path segment. */
export function safeFolderName(name: string): string {
  return safeFileName(name, 'record');
}

/** Gives repeated names in one zip folder a " (2)", " (3)"… suffix before the extension. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const ext = path.extname(name);
  const stem = ext ? name.slice(0, -ext.length) : name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = safeFileName(name)
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(safeFileName(name)).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

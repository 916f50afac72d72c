import path from 'node:path';

/**
 * Characters a name must not carry: control characters, and the invisible formatting ones that
 * change how a name is shown — bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069;
 * with them "invoice\u202Efdp.exe" is shown as "invoiceexe.pdf"), direction marks, zero-width
 * characters and the byte-order mark.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Names Windows reserves for devices, with or without an extension. */
const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

function cleanSegment(name: string, fallback: string): string {
  let clean = name
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (!clean || clean === '.' || clean === '..') clean = fallback;
  if (RESERVED_ON_WINDOWS.test(clean)) clean = `_${clean}`;
  if (clean.length > 180) {
    const ext = path.extname(clean).slice(0, 10);
    clean = clean.slice(0, 180 - ext.length) + ext;
  }
  return clean;
}

/**
 * A file or zip entry name that is safe on Windows, macOS and Linux: no directories, no
 * traversal, no control, formatting or reserved characters, not a device name, not empty, at
 * most 180 characters (keeping the extension).
 */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  return cleanSegment(base, fallback);
}

/**
 * A folder name inside a zip, one path segment: slashes in it (an invoice number such as
 * FV/2026/0001) become dashes instead of nesting folders, so each record keeps its own folder.
 */
export function safeFolderName(name: string): string {
  return cleanSegment(name.replace(/[\\/]+/g, '-'), 'record');
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

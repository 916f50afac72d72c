// Names a reader understands instead of codes: a currency's name in the reader's language (from
// the browser's own list, "Евро" rather than the database's English "Euro") and a file's type in
// words ("Документ PDF" rather than "application/pdf").
import type { TFunction } from 'i18next';

const currencyNames = new Map<string, Intl.DisplayNames>();

/** A currency's name in the language, else the name given (the database's), else the code. */
export function currencyName(
  code: string,
  language: string | undefined,
  fallback?: string | null,
): string {
  // Before the interface has a language (outside the browser): the database's name.
  if (!language) return fallback ?? code;
  let names = currencyNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' });
    currencyNames.set(language, names);
  }
  let name: string | undefined;
  try {
    name = names.of(code);
  } catch {
    name = undefined;
  }
  return name ?? fallback ?? code;
}

/** The catalogue's `fileTypes` key of each content type a stored file may have. */
const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/pkcs7-signature': 'signature',
  'application/pgp-signature': 'signature',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
};

/** A file's type in words: "Документ PDF", "Электронная подпись", "Изображение PNG". */
export function fileTypeName(t: TFunction, contentType: string | null | undefined): string {
  if (!contentType) return '';
  const kind = FILE_TYPES[contentType] ?? 'other';
  const format = contentType.split('/')[1]?.toUpperCase() ?? '';
  return t(`fileTypes.${kind}`, { format });
}

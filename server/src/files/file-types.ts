import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';

/** Types a stored file may have, told from its content (never from its name alone). */
export const ALLOWED_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pkcs7-signature': 'sig',
  'application/pgp-signature': 'sig',
};

const PEM_OR_PGP = /^-----BEGIN (PKCS7|CMS|PGP SIGNATURE|SIGNATURE)-----/;

/**
 * The content type of an uploaded file, sniffed from its bytes. Detached signatures (.sig) have no
 * magic number: a .sig is accepted when it is DER (an ASN.1 sequence), PEM, or an ASCII-armoured
 * PGP signature. Undefined means the type is not allowed.
 */
export async function sniffContentType(
  filePath: string,
  fileName: string,
): Promise<string | undefined> {
  const detected = await fileTypeFromFile(filePath);
  if (detected && ALLOWED_TYPES[detected.mime] && detected.mime !== 'application/pkcs7-signature') {
    return detected.mime;
  }
  if (!/\.sig$/i.test(fileName)) return undefined;
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, 64, 0);
    const start = head.subarray(0, bytesRead);
    if (start[0] === 0x30 && bytesRead > 2) return 'application/pkcs7-signature';
    const text = start.toString('latin1');
    if (PEM_OR_PGP.test(text)) {
      return text.includes('PGP') ? 'application/pgp-signature' : 'application/pkcs7-signature';
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

export function isImage(contentType: string): boolean {
  return contentType.startsWith('image/');
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SafeError } from 'postgraphile/grafast';

/**
 * Trusted documents (persisted operations): the web app names each GraphQL document it sends by
 * its id, the SHA-256 (hex) of its text, instead of sending the text (web/src/api/transport.ts).
 * With `trustedDocumentsOnly` (on in production) the server runs nothing else: an unknown id, or
 * a query whose text is not exactly a trusted document's, is refused with UnknownOperation before
 * it is parsed. Each trusted document
 * is then parsed and validated once and served from grafserv's cache afterwards. Outside that
 * mode both ids and any text are accepted, so that the production build of the web app works
 * against a development server and Ruru still works.
 *
 * The same thing as `@grafserv/persisted`, in grafserv's own hook: that package refuses without
 * an error code, accepts three forms of id, and prints the whole refused request (a login's
 * password with it) to the log.
 */

/** The web app's documents, hash → text, written and checked by web/scripts/codegen.ts. */
export const WEB_DOCUMENTS_FILE = fileURLToPath(
  new URL('../../../web/src/api/trusted-documents.json', import.meta.url),
);

/** The id of a document: the SHA-256 of its text, in hex. */
export function documentId(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The web app's documents and the given ones, by id. Each id must be its text's documentId (a
 * mistyped one would be a document no client can name).
 */
export function trustedDocuments(extra: Record<string, string> = {}): Map<string, string> {
  const web = JSON.parse(fs.readFileSync(WEB_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
  const documents = new Map<string, string>();
  for (const [id, text] of [...Object.entries(web), ...Object.entries(extra)]) {
    if (documentId(text) !== id) {
      throw new Error(
        `Trusted document ${id} is not named by the SHA-256 of its text (documentId(text)): ${text.slice(0, 60)}`,
      );
    }
    documents.set(id, text);
  }
  return documents;
}

function unknownOperation(message: string): SafeError {
  return new SafeError(message, { statusCode: 400, code: 'UnknownOperation' });
}

/**
 * Replaces a request's `documentId` by the trusted document's text; with `only`, refuses a query
 * sent as text unless it is exactly a trusted document's, but for whitespace around it (so a tool
 * may send the generated documents' `toString()`, or the text of a document it gave buildApp). A
 * request naming a document by its id runs that document, whatever `query` it also carries.
 */
export function trustedDocumentsPlugin(
  documents: ReadonlyMap<string, string>,
  only: boolean,
): GraphileConfig.Plugin {
  return {
    name: 'LedgerlineTrustedDocumentsPlugin',
    version: '1.0.0',
    grafserv: {
      middleware: {
        processGraphQLRequestBody(next, { body }) {
          const id = body.documentId;
          if (id !== undefined && id !== null) {
            const text = typeof id === 'string' ? documents.get(id) : undefined;
            if (text === undefined) {
              throw unknownOperation(
                'The server has no operation with this documentId: the application may be older or newer than the server.',
              );
            }
            body.query = text;
          } else if (only) {
            const text =
              typeof body.query === 'string'
                ? documents.get(documentId(body.query.trim()))
                : undefined;
            if (text === undefined) {
              throw unknownOperation(
                "This server runs only the web application's own operations, and this query is not one of them.",
              );
            }
            body.query = text;
          }
          return next();
        },
      },
    },
  };
}

// Generates, from schema.graphql and the .graphql documents under web/src, the types of each
// operation and a typed document per operation: web/src/api/session-generated.ts for the
// session's documents (web/src/session, needed before sign-in) and web/src/api/generated.ts for
// every other. Two files, so that the sign-in page does not carry every screen's documents (a
// bundle keeps a module whole).
//
// Trusted documents: each typed document also carries the SHA-256 (hex) of the exact text the
// client sends, `new TypedDocumentString(text, { hash })`, and web/src/api/trusted-documents.json
// lists every document of the web app, hash → text. The production build sends only the hash
// (web/src/api/transport.ts) and a server with trusted documents only runs nothing else
// (server/src/graphql/trusted-documents.ts). The manifest is committed rather than emitted into
// web/dist: the server then knows the documents without a web build (tests, benchmarks), and the
// manifest, the generated files and the built app all come from the same commit.
//
// With --check, fails when a committed file is out of date.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildSchema, Kind, parse } from 'graphql';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const schemaFile = path.join(webRoot, '..', 'schema.graphql');
const OUTPUTS = [
  {
    file: path.join(webRoot, 'src', 'api', 'session-generated.ts'),
    takes: (document: string) =>
      document.startsWith(path.join(webRoot, 'src', 'session') + path.sep),
  },
  {
    file: path.join(webRoot, 'src', 'api', 'generated.ts'),
    takes: (document: string) =>
      !document.startsWith(path.join(webRoot, 'src', 'session') + path.sep),
  },
];
/** Every document of the web app by its hash (both outputs), read by the server. */
export const MANIFEST_FILE = path.join(webRoot, 'src', 'api', 'trusted-documents.json');

/** The id of a document: the SHA-256, in hex, of the text the client sends (trimmed). */
export function documentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function graphqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

/** One generated document: its operation's name, its hash and the text the client sends. */
export interface TrustedDocument {
  name: string;
  hash: string;
  text: string;
}

/**
 * The typed documents of generated code with their hashes added. The document plugin writes
 * each as `new TypedDocumentString(\`…\`)` with every backslash of the text doubled (and no
 * substitutions): the string the client holds is the template's text with them halved, and the
 * client sends it trimmed (transport.ts).
 */
function withHashes(code: string): { code: string; documents: TrustedDocument[] } {
  const documents: TrustedDocument[] = [];
  const hashed = code.replace(/new TypedDocumentString\(`([^`]*)`\)/g, (_all, raw: string) => {
    if (raw.includes('${') || raw.replaceAll('\\\\', '').includes('\\')) {
      throw new Error(`Cannot read the text of a generated document: ${raw.slice(0, 80)}`);
    }
    const text = raw.replaceAll('\\\\', '\\').trim();
    const name = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(text)?.[1];
    if (!name) throw new Error(`A generated document without an operation name: ${text}`);
    const hash = documentHash(text);
    documents.push({ name, hash, text });
    return `new TypedDocumentString(\`${raw}\`, ${JSON.stringify({ hash })})`;
  });
  return { code: hashed, documents };
}

/** The manifest of trusted documents, hash → text, ordered by operation name. */
export function manifest(documents: TrustedDocument[]): string {
  const sorted = [...documents].sort(
    (a, b) => a.name.localeCompare(b.name) || a.hash.localeCompare(b.hash),
  );
  return `${JSON.stringify(Object.fromEntries(sorted.map(({ hash, text }) => [hash, text])), null, 2)}\n`;
}

export async function generate(
  takes: (document: string) => boolean,
  output: string,
): Promise<{ code: string; documents: TrustedDocument[] }> {
  const schema = buildSchema(fs.readFileSync(schemaFile, 'utf8'));
  const documents = graphqlFiles(path.join(webRoot, 'src'))
    .filter(takes)
    .sort()
    .map((file) => ({
      location: path.relative(webRoot, file),
      document: parse(fs.readFileSync(file, 'utf8')),
    }));
  const code = await codegen({
    schema: parse(fs.readFileSync(schemaFile, 'utf8')),
    schemaAst: schema,
    documents,
    filename: output,
    config: {
      scalars: {
        BigFloat: 'string',
        BigInt: 'string',
        Cursor: 'string',
        Date: 'string',
        Datetime: 'string',
        JSON: 'unknown',
        UUID: 'string',
      },
      enumsAsTypes: true,
      avoidOptionals: { field: true, inputValue: false, object: false },
      onlyOperationTypes: true,
      useTypeImports: true,
    },
    // typescript-operations emits the enums and input types the operations use.
    // Documents as strings (no GraphQL parser in the browser): the client sends them as they are.
    plugins: [{ typescriptOperations: {} }, { typedDocumentNode: { documentMode: 'string' } }],
    pluginMap: { typescriptOperations, typedDocumentNode },
  });
  const operations = documents.flatMap(({ document }) =>
    document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION),
  ).length;
  const hashed = withHashes(code);
  if (hashed.documents.length !== operations) {
    throw new Error(
      `${output}: ${operations} operations but ${hashed.documents.length} typed documents found to hash`,
    );
  }
  return {
    code: `// Generated by web/scripts/codegen.ts from schema.graphql and web/src/**/*.graphql. Do not edit.\n/* eslint-disable */\n${hashed.code}`,
    documents: hashed.documents,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  const files: { file: string; content: string }[] = [];
  const documents: TrustedDocument[] = [];
  for (const { file, takes } of OUTPUTS) {
    const generated = await generate(takes, file);
    files.push({ file, content: generated.code });
    documents.push(...generated.documents);
  }
  files.push({ file: MANIFEST_FILE, content: manifest(documents) });
  for (const { file, content } of files) {
    if (check) {
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) {
        console.error(
          `${path.relative(process.cwd(), file)} is out of date: run \`npm run codegen\`.`,
        );
        process.exit(1);
      }
    } else {
      fs.writeFileSync(file, content);
      console.log(`Wrote ${path.relative(process.cwd(), file)}`);
    }
  }
}

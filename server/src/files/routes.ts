import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import yazl from 'yazl';
import type { AccessClaims } from '../auth/tokens.ts';
import { withVisitor } from '../db/visitor.ts';
import { UUID } from '../ids.ts';
import { AppError } from '../errors.ts';
import type { BlobStore } from './blob-store.ts';
import { sniffContentType } from './file-types.ts';
import { contentDisposition, safeFileName, safeFolderName, uniqueName } from './names.ts';
import { blobLockKey } from './sweeper.ts';

/** Largest accepted file (SPEC §9: 5 MB). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Most files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 10;
/** An upload not attached to anything within this time is removed. */
const UPLOAD_TTL = '1 day';

export interface StorageOptions {
  /** Authenticator pool: reads and writes as the visitor, under row-level security. */
  pool: pg.Pool;
  blobs: BlobStore;
}

interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size: string;
  sha256: string;
  uploaded_by: string | null;
  uploaded_at: Date;
}

class StorageError extends AppError {
  readonly status: number;
  constructor(status: number, code: string, message: string) {
    super(code, message);
    this.status = status;
  }
}

const tooLarge = () =>
  new StorageError(413, 'PayloadTooLarge', 'Total payload size exceeded the limit.');
const notFound = () => new StorageError(404, 'FileNotFound', 'File not found');
const invalidId = () => new StorageError(400, 'InvalidFileId', 'A file id must be a UUID string.');

/** A refusal of the database's file functions (db/migrations/0052) as the route's answer. */
async function refusedBy<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    const { code, hint, message } = error as { code?: string; hint?: string; message: string };
    if (code === 'LL001' && hint === 'FileNotFound') throw notFound();
    if (code === 'LL001' && hint === 'Forbidden') throw new StorageError(403, 'Forbidden', message);
    throw error;
  }
}

function fileId(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw invalidId();
  return value.toLowerCase();
}

/** Ids from `?files=a,b` or `?files=a&files=b`. */
function idList(value: unknown, parse: (v: unknown) => string): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const ids = raw
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new StorageError(400, 'IdsRequired', 'At least one id is required.');
  if (ids.length > 500) throw new StorageError(400, 'TooManyIds', 'At most 500 ids at once.');
  return [...new Set(ids.map(parse))];
}

const recordId = (value: unknown) => {
  const text = String(value);
  if (!/^\d{1,10}$/.test(text))
    throw new StorageError(400, 'InvalidId', 'An id must be a whole number.');
  return text;
};

function describe(row: FileRow) {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    uploadedBy: row.uploaded_by,
    uploadedAt: row.uploaded_at,
  };
}

export interface Received {
  tempPath: string;
  name: string;
  size: number;
  sha256: string;
  contentType?: string;
}

/**
 * The multipart parser's (busboy's) complaints about the body itself: no boundary, a body cut
 * short before its closing boundary, a malformed part header. The client's fault, never a 500.
 */
function isMalformedMultipart(error: Error): boolean {
  return /boundary|unexpected end of (form|multipart)|malformed part header|multipart/i.test(
    error.message ?? '',
  );
}

/** Streams one multipart file to a temp file, hashing and counting as it goes. */
async function receive(
  blobs: BlobStore,
  stream: NodeJS.ReadableStream,
  name: string,
): Promise<Received> {
  const tempPath = blobs.tempPath();
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, fs.createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { tempPath, name: safeFileName(name), size, sha256: hash.digest('hex') };
}

/** Checks the received files' types and the SPEC limits of one upload. */
async function checkUploads(files: Received[]): Promise<void> {
  let pdfs = 0;
  let signatures = 0;
  for (const file of files) {
    const type = await sniffContentType(file.tempPath, file.name);
    if (!type) {
      throw new StorageError(
        415,
        'UnsupportedFileType',
        `${file.name}: only PDF, signature (.sig) and image (PNG, JPEG, GIF, WebP) files can be stored.`,
      );
    }
    file.contentType = type;
    if (type === 'application/pdf') pdfs++;
    if (type.endsWith('-signature')) signatures++;
  }
  if (pdfs > 1 || signatures > 1) {
    throw new StorageError(
      400,
      'FileLimitExceeded',
      'At most one .pdf and one .sig file per upload.',
    );
  }
}

/**
 * Moves received files into the blob store and runs `record` (which writes their rows), holding
 * each blob's lock, so no sweeper or delete removes bytes a new row is about to use. If `record`
 * fails, blobs this call created are removed again: a failed request leaves nothing behind.
 */
export async function storeBlobs<T>(
  client: pg.ClientBase,
  blobs: BlobStore,
  files: Received[],
  record: () => Promise<T>,
): Promise<T> {
  const created: string[] = [];
  try {
    for (const sha of [...new Set(files.map((f) => f.sha256))].sort()) {
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [blobLockKey(sha)]);
    }
    for (const file of files) {
      if (await blobs.commit(file.tempPath, file.sha256)) created.push(file.sha256);
    }
    return await record();
  } catch (error) {
    for (const sha of created) await blobs.remove(sha);
    throw error;
  }
}

async function discard(files: Received[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f.tempPath, { force: true })));
}

/**
 * The file-storage REST module (SPEC §7) under /api/storage: upload, replace, info, delete, view,
 * download and zip archives. Every route needs a bearer token; who may read a file is decided by
 * row-level security (whoever may read a record it is attached to, and its uploader).
 */
export async function storageRoutes(app: FastifyInstance, options: StorageOptions): Promise<void> {
  const { pool, blobs } = options;

  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      parts: MAX_FILES_PER_UPLOAD + 20,
      fieldSize: 10_000,
      headerPairs: 100,
    },
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof StorageError) {
      return reply
        .code(error.status)
        .send({ error: true, code: error.code, message: error.message });
    }
    if (error instanceof AppError) {
      return reply.code(400).send({ error: true, code: error.code, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return reply.code(400).send({
        error: true,
        code: 'FileLimitExceeded',
        message: `At most ${MAX_FILES_PER_UPLOAD} files per upload.`,
      });
    }
    if (status === 413) {
      return reply.code(413).send({
        error: true,
        code: 'PayloadTooLarge',
        message: 'Total payload size exceeded the limit.',
      });
    }
    if (isMalformedMultipart(error as Error)) {
      return reply.code(400).send({
        error: true,
        code: 'MalformedUpload',
        message: 'The upload is not a complete multipart/form-data request.',
      });
    }
    if (status < 500) {
      return reply
        .code(status)
        .send({ error: true, code: 'BadRequest', message: (error as Error).message });
    }
    app.log.error(error);
    return reply
      .code(500)
      .send({ error: true, code: 'InternalServerError', message: 'Internal server error' });
  });

  // Every storage route needs a verified bearer token (the app's onRequest hook verified it).
  app.addHook('preHandler', async (request, reply) => {
    if (!request.claims) {
      return reply
        .code(401)
        .send({ error: true, code: 'NotSignedIn', message: 'You need to sign in.' });
    }
  });

  const claimsOf = (request: FastifyRequest): AccessClaims => request.claims!;

  const visibleFile = (claims: AccessClaims, id: string) =>
    withVisitor(pool, claims, async (client) => {
      const { rows } = await client.query<FileRow>('select * from app_public.files where id = $1', [
        id,
      ]);
      if (!rows[0]) throw notFound();
      return rows[0];
    });

  app.get('/has-access', async (request, reply) => {
    const active = await withVisitor(pool, claimsOf(request), async (client) => {
      const { rows } = await client.query<{ ok: boolean }>(
        'select cardinality(app_hidden.current_scopes()) > 0 as ok',
      );
      return rows[0]!.ok;
    });
    if (!active)
      return reply.code(401).send({ error: true, code: 'NoAccess', message: 'No access.' });
    return { error: false, data: { access: true } };
  });

  app.post('/', async (request) => {
    const claims = claimsOf(request);
    if (!request.isMultipart()) {
      throw new StorageError(
        400,
        'NotMultipart',
        'Send the files as multipart/form-data in the field file[].',
      );
    }
    const files: Received[] = [];
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== 'file[]' && part.fieldname !== 'file') {
          part.file.resume();
          throw new StorageError(400, 'UnexpectedField', 'Send the files in the field file[].');
        }
        files.push(await receive(blobs, part.file, part.filename));
      }
      if (files.length === 0) throw new StorageError(400, 'NoFiles', 'No file was sent.');
      await checkUploads(files);
      const fileIds = await withVisitor(pool, claims, (client) =>
        storeBlobs(client, blobs, files, async () => {
          const ids: string[] = [];
          for (const file of files) {
            const { rows } = await client.query<{ id: string }>(
              `insert into app_public.files (id, name, content_type, size, sha256, uploaded_by, expires_at)
               values (gen_random_uuid(), $1, $2, $3, $4, $5, now() + interval '${UPLOAD_TTL}') returning id`,
              [file.name, file.contentType, file.size, file.sha256, claims.userId],
            );
            ids.push(rows[0]!.id);
          }
          return ids;
        }),
      );
      return { error: false, data: { fileIds } };
    } finally {
      await discard(files);
    }
  });

  app.put<{ Params: { id: string } }>('/:id', async (request) => {
    const claims = claimsOf(request);
    const id = fileId(request.params.id);
    await withVisitor(pool, claims, (client) =>
      refusedBy(client.query('select app_hidden.require_writable_file($1)', [id])),
    );
    if (!request.isMultipart()) {
      throw new StorageError(
        400,
        'NotMultipart',
        'Send the file as multipart/form-data in the field file.',
      );
    }
    const files: Received[] = [];
    try {
      for await (const part of request.files()) {
        if (files.length > 0) {
          part.file.resume();
          throw new StorageError(
            400,
            'FileLimitExceeded',
            'Send exactly one file to replace another.',
          );
        }
        files.push(await receive(blobs, part.file, part.filename));
      }
      if (files.length === 0) throw new StorageError(400, 'NoFiles', 'No file was sent.');
      await checkUploads(files);
      const file = files[0]!;
      const row = await withVisitor(pool, claims, (client) =>
        storeBlobs(client, blobs, files, async () => {
          const { rows } = await refusedBy(
            client.query<FileRow>('select * from app_hidden.replace_file($1, $2, $3, $4, $5)', [
              id,
              file.name,
              file.contentType,
              file.size,
              file.sha256,
            ]),
          );
          return rows[0]!;
        }),
      );
      return { error: false, data: describe(row) };
    } finally {
      await discard(files);
    }
  });

  app.get<{ Params: { id: string } }>('/:id/info', async (request) => {
    const row = await visibleFile(claimsOf(request), fileId(request.params.id));
    return { error: false, data: describe(row) };
  });

  app.delete<{ Params: { id: string } }>('/:id', async (request) => {
    const claims = claimsOf(request);
    const id = fileId(request.params.id);
    await withVisitor(pool, claims, async (client) => {
      const { rows } = await client.query<{ sha256: string }>(
        'select sha256 from app_public.files where id = $1',
        [id],
      );
      if (!rows[0]) throw notFound();
      // The blob's lock, as an upload takes it: no upload starts using these bytes meanwhile.
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [
        blobLockKey(rows[0].sha256),
      ]);
      const used = await refusedBy(
        client.query<{ used: boolean }>('select app_hidden.delete_file($1) as used', [id]),
      );
      if (!used.rows[0]!.used) await blobs.remove(rows[0].sha256);
    });
    return { error: false, data: { id } };
  });

  const sendFile = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    kind: 'inline' | 'attachment',
  ) => {
    const row = await visibleFile(claimsOf(request), fileId(request.params.id));
    reply
      .header('content-type', row.content_type)
      .header('content-length', row.size)
      .header('content-disposition', contentDisposition(kind, row.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=0, must-revalidate');
    return reply.send(blobs.read(row.sha256));
  };

  app.get<{ Params: { id: string } }>('/:id', (request, reply) =>
    sendFile(request, reply, 'inline'),
  );
  app.get<{ Params: { id: string } }>('/:id/download', (request, reply) =>
    sendFile(request, reply, 'attachment'),
  );

  interface Entry {
    folder?: string;
    name: string;
    sha256: string;
  }

  const sendZip = (reply: FastifyReply, name: unknown, entries: Entry[]) => {
    const zip = new yazl.ZipFile();
    const taken = new Map<string, Set<string>>();
    for (const entry of entries) {
      const folder = entry.folder ? safeFolderName(entry.folder) : '';
      const names = taken.get(folder) ?? new Set<string>();
      taken.set(folder, names);
      const fileName = uniqueName(safeFileName(entry.name), names);
      zip.addReadStreamLazy(folder ? `${folder}/${fileName}` : fileName, (done) =>
        done(null, blobs.read(entry.sha256)),
      );
    }
    zip.end();
    const zipName = `${safeFileName(typeof name === 'string' && name ? name : 'files').replace(/\.zip$/i, '')}.zip`;
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', zipName));
    return reply.send(zip.outputStream);
  };

  app.get<{ Querystring: { files?: string | string[]; name?: string } }>(
    '/archive',
    async (request, reply) => {
      const ids = idList(request.query.files, fileId);
      const rows = await withVisitor(
        pool,
        claimsOf(request),
        async (client) =>
          (
            await client.query<FileRow>(
              'select * from app_public.files where id = any($1) order by name, id',
              [ids],
            )
          ).rows,
      );
      if (rows.length !== ids.length) throw notFound();
      return sendZip(
        reply,
        request.query.name,
        rows.map((row) => ({ name: row.name, sha256: row.sha256 })),
      );
    },
  );

  const ARCHIVE_QUERIES: Record<string, string> = {
    invoices: `select 'invoice ' || r.id || ' ' || r.invoice_ref as folder, f.name, f.sha256
                 from app_public.invoices r join app_public.invoices_files l on l.invoice_id = r.id
                 join app_public.files f on f.id = l.file_id where r.id = any($1::int[]) order by r.id, f.name`,
    bills: `select 'bill ' || r.id || ' ' || r.name as folder, f.name, f.sha256
              from app_public.bills r join app_public.bills_files l on l.bill_id = r.id
              join app_public.files f on f.id = l.file_id where r.id = any($1::int[])
            union all
            select 'bill ' || r.id || ' ' || r.name, f.name, f.sha256
              from app_public.bills r join app_public.files f on f.id = r.act_id where r.id = any($1::int[])
            order by 1, 2`,
    costs: `select 'cost ' || r.id || ' ' || r.name as folder, f.name, f.sha256
              from app_public.costs r join app_public.costs_files l on l.cost_id = r.id
              join app_public.files f on f.id = l.file_id where r.id = any($1::int[]) order by r.id, f.name`,
  };

  app.get<{ Params: { kind: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/archive/:kind',
    async (request, reply) => {
      const { kind } = request.params;
      const sql = ARCHIVE_QUERIES[kind];
      if (!sql)
        throw new StorageError(
          404,
          'UnknownArchiveKind',
          'Archives exist for invoices, bills and costs.',
        );
      const ids = idList(request.query.ids ?? request.query[kind], recordId);
      const entries = await withVisitor(
        pool,
        claimsOf(request),
        async (client) => (await client.query<Entry>(sql, [ids])).rows,
      );
      if (entries.length === 0) throw notFound();
      return sendZip(reply, request.query.name, entries);
    },
  );
}

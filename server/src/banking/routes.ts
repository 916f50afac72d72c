import { createHash } from 'node:crypto';
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { withVisitor } from '../db/visitor.ts';
import { AppError } from '../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { safeFileName } from '../files/names.ts';
import { storeBlobs } from '../files/routes.ts';
import { UUID } from '../ids.ts';
import { parseStatement } from './parse.ts';
import { STATEMENT_FORMATS, type StatementFormat } from './statement.ts';

/** Largest statement file: a 10,000-line camt.053 is about 8 MB. */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;

const CONTENT_TYPES: Record<StatementFormat, string> = {
  camt053: 'application/xml',
  mt940: 'text/plain',
  csv: 'text/csv',
};

class ImportError extends AppError {
  readonly status: number;
  constructor(status: number, code: string, message: string) {
    super(code, message);
    this.status = status;
  }
}

interface PgError extends Error {
  code?: string;
  hint?: string;
  constraint?: string;
}

/** What the database said, as a code and a message (docs/errors.md). */
function databaseRefusal(error: PgError): { code: string; message: string } | undefined {
  if (error.code === 'LL001' && error.hint) return { code: error.hint, message: error.message };
  if (error.code === '23505' && error.constraint?.startsWith('bank_statements_'))
    return { code: 'StatementAlreadyImported', message: 'This statement is already imported.' };
  if (error.code?.startsWith('22'))
    return {
      code: 'StatementParseError',
      message: `A value of the statement is invalid: ${error.message}`,
    };
  return undefined;
}

export interface BankingOptions {
  /** Authenticator pool: everything runs as the visitor, under row-level security. */
  pool: pg.Pool;
  blobs: BlobStore;
}

/**
 * Statement import (docs/reconciliation.md): POST /api/banking/statements, multipart with the
 * fields bankAccountId, format (camt053, mt940, csv), for CSV mapping (JSON) and optionally
 * statementId, openingBalance, closingBalance, then the file. The file is parsed here and the
 * statement stored by one SQL function in one transaction with the file, which is kept.
 */
export async function bankingRoutes(app: FastifyInstance, options: BankingOptions): Promise<void> {
  const { pool, blobs } = options;
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ImportError)
      return reply
        .code(error.status)
        .send({ error: true, code: error.code, message: error.message });
    if (error instanceof AppError)
      return reply
        .code(400)
        .send({ error: true, code: error.code, message: error.message, ...error.details });
    const refusal = databaseRefusal(error as PgError);
    if (refusal) return reply.code(400).send({ error: true, ...refusal });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413 || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.code(413).send({
        error: true,
        code: 'PayloadTooLarge',
        message: 'Total payload size exceeded the limit.',
      });
    if (status < 500)
      return reply
        .code(status)
        .send({ error: true, code: 'BadRequest', message: (error as Error).message });
    app.log.error(error);
    return reply
      .code(500)
      .send({ error: true, code: 'InternalServerError', message: 'Internal server error' });
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.claims)
      return reply
        .code(401)
        .send({ error: true, code: 'NotSignedIn', message: 'You need to sign in.' });
  });

  app.post('/statements', async (request) => {
    const claims = request.claims!;
    if (!request.isMultipart())
      throw new ImportError(400, 'NotMultipart', 'Send the statement as multipart/form-data.');
    const fields: Record<string, string> = {};
    let file: { name: string; content: Buffer } | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated)
          throw new ImportError(413, 'PayloadTooLarge', 'Total payload size exceeded the limit.');
        file = { name: part.filename, content };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    if (!file || file.content.length === 0)
      throw new ImportError(400, 'NoFiles', 'No file was sent.');
    const bankAccountId = fields.bankAccountId ?? '';
    if (!UUID.test(bankAccountId))
      throw new ImportError(400, 'BankAccountNotFound', 'The bank account was not found.');
    const format = fields.format as StatementFormat;
    if (!STATEMENT_FORMATS.includes(format))
      throw new ImportError(
        400,
        'UnsupportedStatementFormat',
        'The statement format must be camt.053, MT940 or CSV.',
      );
    const sha256 = createHash('sha256').update(file.content).digest('hex');
    const text = file.content.toString('utf8');
    const statement = await withVisitor(pool, claims, async (client) => {
      const { rows } = await client.query<{ currency: string; csv_mapping: unknown }>(
        'select currency, csv_mapping from app_public.bank_accounts where id = $1',
        [bankAccountId],
      );
      if (!rows[0])
        throw new ImportError(404, 'BankAccountNotFound', 'The bank account was not found.');
      let mapping: unknown = rows[0].csv_mapping;
      if (fields.mapping) {
        try {
          mapping = JSON.parse(fields.mapping) as unknown;
        } catch {
          throw new AppError('CsvMappingInvalid', 'The CSV mapping is not valid JSON.');
        }
      }
      const parsed = parseStatement(format, text, {
        mapping,
        currency: rows[0].currency,
        statementId: fields.statementId,
        openingBalance: fields.openingBalance,
        closingBalance: fields.closingBalance,
      });
      const tempPath = blobs.tempPath();
      await fs.promises.writeFile(tempPath, file.content, { flag: 'wx' });
      try {
        const received = {
          tempPath,
          name: safeFileName(file.name || `statement.${format}`),
          size: file.content.length,
          sha256,
        };
        return await storeBlobs(client, blobs, [received], async () => {
          const inserted = await client.query<{ id: string }>(
            `insert into app_public.files (id, name, content_type, size, sha256, uploaded_by)
             values (gen_random_uuid(), $1, $2, $3, $4, $5) returning id`,
            [received.name, CONTENT_TYPES[format], received.size, sha256, claims.userId],
          );
          const result = await client.query<{ id: string; line_count: number }>(
            `select id, line_count from app_hidden.import_bank_statement($1, $2, $3, $4, $5, $6)`,
            [
              bankAccountId,
              format,
              inserted.rows[0]!.id,
              sha256,
              JSON.stringify(parsed.statement),
              parsed.mapping ? JSON.stringify(parsed.mapping) : null,
            ],
          );
          return result.rows[0]!;
        });
      } finally {
        await fs.promises.rm(tempPath, { force: true });
      }
    });
    return { error: false, data: { statementId: statement.id, lineCount: statement.line_count } };
  });
}

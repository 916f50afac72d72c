import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { LocalBlobStore } from '../files/blob-store.ts';
import { migrate, readMigrations } from './migrate.ts';
import { replaceDatabase } from './replace-database.ts';
import { transaction } from './transaction.ts';

/**
 * Backups of the database and the stored files together (docs/operations.md "Backup and
 * restore"). A backup is one zip file:
 *   manifest.json        format, time, the migrations the data was written under, tables and rows
 *   data/<schema.table>  each table's rows, as PostgreSQL's COPY text
 *   files/<sha256>       the bytes of every stored file the data refers to
 * The rows are read in one snapshot (repeatable read), and the file sweeper is held off meanwhile
 * (BACKUP_LOCK), so every file the rows name is still there to copy: database and files agree.
 * Restoring builds a new database from the migrations the backup names, loads the rows, applies
 * the newer migrations, and swaps it in (with the files) only when complete.
 */
export const BACKUP_FORMAT = 1;
/** Advisory lock: a backup holds it exclusively, the sweeper shares it (and skips when it can't). */
export const BACKUP_LOCK = 7310002;
const SCHEMAS = ['app_public', 'app_private'];

interface Manifest {
  format: number;
  createdAt: string;
  migrations: string[];
  tables: { name: string; rows: number }[];
  files: number;
}

/** The tables to save, parents before children (restored in this order with triggers off). */
async function tablesOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows.map((row) => row.name);
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Writes a backup of the database at `ownerUrl` and the blobs under `filesDir` to `file`. */
export async function backup(ownerUrl: string, filesDir: string, file: string): Promise<Manifest> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const zip = new yazl.ZipFile();
  const partial = `${file}.partial`;
  const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
  try {
    await client.query('select pg_advisory_lock($1)', [BACKUP_LOCK]);
    await client.query('begin isolation level repeatable read read only');
    const migrations = (
      await client.query<{ name: string }>(
        'select name from ledgerline_migrations.applied order by name',
      )
    ).rows.map((row) => row.name);
    const tables: Manifest['tables'] = [];
    for (const table of await tablesOf(client)) {
      const data = await streamToBuffer(client.query(copyTo(`copy ${table} to stdout`)));
      zip.addBuffer(data, `data/${table}`);
      tables.push({
        name: table,
        rows: data.length === 0 ? 0 : data.toString().split('\n').length - 1,
      });
    }
    const { rows: hashes } = await client.query<{ sha256: string }>(
      'select distinct sha256 from app_public.files order by sha256',
    );
    await client.query('commit');
    const blobs = new LocalBlobStore(filesDir);
    for (const { sha256 } of hashes) {
      if (!(await blobs.exists(sha256))) {
        throw new Error(`The stored file ${sha256} is missing from ${filesDir}.`);
      }
      zip.addBuffer(await streamToBuffer(blobs.read(sha256)), `files/${sha256}`);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
      files: hashes.length,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await written;
    fs.renameSync(partial, file);
    return manifest;
  } catch (error) {
    zip.end();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK]).catch(() => {});
    await client.end();
  }
}

/** The entries of a backup file, by name. */
async function readBackup(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) =>
      error || !opened ? reject(error ?? new Error(`cannot open ${file}`)) : resolve(opened),
    ),
  );
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        streamToBuffer(stream).then((data) => {
          entries.set(entry.fileName, data);
          zip.readEntry();
        }, reject);
      });
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/**
 * Restores a backup into the database at `ownerUrl` (a superuser or owner connection) and the
 * blobs into `filesDir`. The new database is built beside the current one and swapped in
 * (replaceDatabase), then the files likewise: if anything fails before, nothing is replaced.
 * Refuses while anything is connected to the database (stop the server first).
 */
export async function restore(
  ownerUrl: string,
  filesDir: string,
  file: string,
  log: (message: string) => void = () => {},
): Promise<Manifest> {
  const entries = await readBackup(file);
  const manifestEntry = entries.get('manifest.json');
  if (!manifestEntry) throw new Error(`${file} is not a Ledgerline backup (no manifest.json).`);
  const manifest = JSON.parse(manifestEntry.toString()) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(
      `${file} has backup format ${manifest.format}; this version reads ${BACKUP_FORMAT}.`,
    );
  }
  const known = new Set(readMigrations().map((migration) => migration.name));
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`The backup was made by a newer version (migrations ${unknown.join(', ')}).`);
  }

  const freshFiles = `${filesDir}.restore`;
  const oldFiles = `${filesDir}.old`;
  fs.rmSync(freshFiles, { recursive: true, force: true });
  try {
    await replaceDatabase(ownerUrl, 'restore', async (freshUrl) => {
      // The schema the rows were written under, then the rows, then what came after.
      const saved = new Set(manifest.migrations);
      await migrate(freshUrl, log, (name) => saved.has(name));
      const client = new pg.Client({ connectionString: freshUrl });
      await client.connect();
      try {
        await transaction(client, async () => {
          await client.query('set local session_replication_role = replica');
          const tables = manifest.tables.map((table) => table.name);
          await client.query(`truncate ${tables.join(', ')}`);
          for (const table of manifest.tables) {
            const data = entries.get(`data/${table.name}`) ?? Buffer.alloc(0);
            const stream = client.query(copyFrom(`copy ${table.name} from stdin`));
            await pipeline(async function* () {
              yield data;
            }, stream);
          }
          // Identity columns continue after the restored rows.
          await client.query(`
          select setval(pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name),
                        greatest(coalesce(m.max_id, 0), 1), m.max_id is not null)
            from information_schema.columns c
            cross join lateral (select (xpath('/row/m/text()', query_to_xml(
                     format('select max(%I) as m from %I.%I', c.column_name, c.table_schema, c.table_name),
                     false, true, '')))[1]::text::bigint as max_id) m
           where c.is_identity = 'YES' and c.table_schema = any(array['app_public', 'app_private'])`);
        });
      } finally {
        await client.end();
      }
      await migrate(freshUrl, log);
      // The files: every blob of the backup, in a directory beside the current one.
      const blobs = new LocalBlobStore(freshFiles);
      for (const [name, data] of entries) {
        if (!name.startsWith('files/')) continue;
        const temp = blobs.tempPath();
        fs.writeFileSync(temp, data);
        await blobs.commit(temp, name.slice('files/'.length));
      }
    });
  } catch (error) {
    fs.rmSync(freshFiles, { recursive: true, force: true });
    throw error;
  }
  // The database is in place; the files follow it.
  fs.rmSync(oldFiles, { recursive: true, force: true });
  if (fs.existsSync(filesDir)) fs.renameSync(filesDir, oldFiles);
  fs.renameSync(freshFiles, filesDir);
  fs.rmSync(oldFiles, { recursive: true, force: true });
  return manifest;
}

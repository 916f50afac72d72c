// docs/operations.md, as an operator runs it: backup and restore into a fresh data directory,
// db:reset that ends with a fresh database or the old one untouched, and npm start stopping on a
// signal to its own process. Each command runs as `npm run …` in its own data directory.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningServer } from '../src/db/embedded.ts';
import { loadSecrets } from '../src/secrets.ts';
import { freePort } from './free-port.ts';
import { SERVER_NODE_FLAGS } from '../../bench/lib/server-process.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-ops-'));
fs.chmodSync(root, 0o755);

interface Install {
  dataDir: string;
  pgPort: number;
}
const installs: Install[] = [];
async function install(name: string): Promise<Install> {
  const created = { dataDir: path.join(root, name), pgPort: await freePort() };
  installs.push(created);
  return created;
}

afterAll(async () => {
  // Any server a failed test left behind is stopped.
  for (const { dataDir } of installs) {
    const server = runningServer(path.join(dataDir, 'pg'));
    if (server) process.kill(server.pid, 'SIGTERM');
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  fs.rmSync(root, { recursive: true, force: true });
});

function npm(
  target: Install,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      env: { ...process.env, DATA_DIR: target.dataDir, PG_PORT: String(target.pgPort), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A client of the install's database, with the embedded server started by a command before. */
async function connect(target: Install): Promise<pg.Client> {
  const { postgresPassword } = loadSecrets(target.dataDir);
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${target.pgPort}/ledgerline`,
  });
  await client.connect();
  return client;
}

/** Starts the install's embedded PostgreSQL (left running by db:migrate's reuse rule) for checks. */
async function withDatabase<T>(
  target: Install,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const { startEmbeddedPostgres } = await import('../src/db/embedded.ts');
  const cluster = await startEmbeddedPostgres({
    dataDir: path.join(target.dataDir, 'pg'),
    port: target.pgPort,
    password: loadSecrets(target.dataDir).postgresPassword,
  });
  const client = await connect(target);
  try {
    return await work(client);
  } finally {
    await client.end();
    await cluster.stop();
  }
}

const PDF = Buffer.from('%PDF-1.4\nbackup test\n%%EOF\n');

const a = await install('a');
const b = await install('b');

describe('operations (docs/operations.md)', () => {
  const backupFile = path.join(root, 'backup.zip');

  it('db:reset on a new data directory makes a seeded database', async () => {
    const reset = await npm(a, ['db:reset']);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toMatch(/reset and the demo data seeded/);
  }, 120_000);

  it('db:backup, then db:restore into a fresh data directory, finds every invoice and file', async () => {
    // One stored file, attached to an invoice.
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    const blob = path.join(a.dataDir, 'files', sha256.slice(0, 2), sha256);
    fs.mkdirSync(path.dirname(blob), { recursive: true });
    fs.writeFileSync(blob, PDF);
    const before = await withDatabase(a, async (client) => {
      await client.query(
        `with f as (insert into app_public.files (name, content_type, size, sha256)
                    values ('scan.pdf', 'application/pdf', $1, $2) returning id)
         insert into app_public.invoices_files (invoice_id, file_id)
         select (select min(id) from app_public.invoices), id from f`,
        [PDF.length, sha256],
      );
      return (
        await client.query(
          `select (select json_agg(json_build_array(id, invoice_ref, amount_w_vat, paid_amount) order by id) from app_public.invoices) as invoices,
                  (select json_agg(json_build_array(invoice_id, file_id) order by invoice_id) from app_public.invoices_files) as links`,
        )
      ).rows[0];
    });

    const saved = await npm(a, ['db:backup', '--', backupFile]);
    expect(saved.code, saved.output).toBe(0);
    expect(saved.output).toMatch(/and 1 files/);

    const restored = await npm(b, ['db:restore', '--', backupFile]);
    expect(restored.code, restored.output).toBe(0);
    const after = await withDatabase(b, async (client) => {
      const { rows } = await client.query(
        `select (select json_agg(json_build_array(id, invoice_ref, amount_w_vat, paid_amount) order by id) from app_public.invoices) as invoices,
                (select json_agg(json_build_array(invoice_id, file_id) order by invoice_id) from app_public.invoices_files) as links`,
      );
      // New rows continue after the restored ones.
      const next = await client.query(
        `insert into app_public.invoices (invoice_ref, invoice_date, currency, subsidiary_id, supplier_id)
         select 'AFTER-RESTORE', current_date, 'EUR', (select min(id::text)::uuid from app_public.subsidiaries),
                (select min(id::text)::uuid from app_public.suppliers) returning id`,
      );
      return { ...rows[0], nextId: next.rows[0].id };
    });
    expect(after.invoices).toEqual(before.invoices);
    expect(after.links).toEqual(before.links);
    expect(after.nextId).toBeGreaterThan(
      Math.max(...before.invoices.map((row: number[]) => row[0])),
    );
    expect(fs.readFileSync(path.join(b.dataDir, 'files', sha256.slice(0, 2), sha256))).toEqual(PDF);
  }, 180_000);

  it('db:reset while something is connected changes nothing and says what to do', async () => {
    await withDatabase(b, async (client) => {
      await client.query(
        `update app_public.invoices set invoice_ref = 'KEPT' where id = (select min(id) from app_public.invoices)`,
      );
      const reset = await npm(b, ['db:reset']);
      expect(reset.code, reset.output).toBe(1);
      expect(reset.output).toMatch(/nothing was changed.*stop the server/s);
      const { rows } = await client.query(
        `select count(*)::int as n from app_public.invoices where invoice_ref = 'KEPT'`,
      );
      expect(rows[0].n).toBe(1);
    });
  }, 120_000);

  it("npm start gives Node the server's options, the ones the benchmark runs it with", () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} server/src/main.ts`);
  });

  it('npm start stops Node and PostgreSQL on SIGTERM to its own process, printing no client dumps', async () => {
    const httpPort = await freePort();
    const child = spawn('npm', ['start'], {
      env: {
        ...process.env,
        DATA_DIR: b.dataDir,
        PG_PORT: String(b.pgPort),
        PORT: String(httpPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 90_000;
    while (!/is running at/.test(output)) {
      if (Date.now() > deadline) throw new Error(`npm start did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ready = await fetch(`http://127.0.0.1:${httpPort}/ready`);
    expect(ready.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(runningServer(path.join(b.dataDir, 'pg'))).toBeUndefined();
    expect(output).not.toMatch(/Client \{|_events/);
  }, 120_000);
});

describe('npm run dev', () => {
  it('starts the API and Vite, whose proxy reaches the API on PORT; SIGTERM stops all of it', async () => {
    const target = await install('dev');
    // The data directory of a fresh install, made by db:reset so that start-up is quick.
    expect((await npm(target, ['db:reset'])).code).toBe(0);
    const httpPort = await freePort();
    const child = spawn('npm', ['run', 'dev'], {
      env: {
        ...process.env,
        DATA_DIR: target.dataDir,
        PG_PORT: String(target.pgPort),
        PORT: String(httpPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const deadline = Date.now() + 90_000;
    let vite: string | undefined;
    while (!vite) {
      // Vite colours its output; the address is read without the escape sequences.
      const plain = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
      vite = /Local:\s+(http:\/\/localhost:\d+)\//.exec(plain)?.[1];
      if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const proxied = await fetch(`${vite}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await proxied.json()).toEqual({ data: { __typename: 'Query' } });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(runningServer(path.join(target.dataDir, 'pg'))).toBeUndefined();
  }, 150_000);
});

describe('DATABASE_URL naming a database that does not exist yet', () => {
  it('is created when the role may; otherwise one line says what to run', async () => {
    const { inject } = await import('vitest');
    const {
      ensureExternalDatabase,
      withDatabase: onDatabase,
      withCredentials,
    } = await import('../src/db/database.ts');
    const server = inject('pgServerUrl');
    const name = `ops_created_${Date.now()}`;
    const logs: string[] = [];
    await ensureExternalDatabase(onDatabase(server, name), (message) => logs.push(message));
    expect(logs).toEqual([`Created the database ${name}.`]);
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      expect(
        (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount,
      ).toBe(1);
      await admin.query(`drop database ${name}`);
      await admin.query(`drop role if exists ops_no_createdb`);
      await admin.query(`create role ops_no_createdb login password 'ops-password-1'`);
      const refused = ensureExternalDatabase(
        withCredentials(onDatabase(server, `${name}_x`), 'ops_no_createdb', 'ops-password-1'),
      );
      await expect(refused).rejects.toThrow(
        /does not exist and ops_no_createdb may not create it.*createdb -h/,
      );
    } finally {
      await admin.query(`drop role if exists ops_no_createdb`).catch(() => {});
      await admin.end();
    }
  });
});

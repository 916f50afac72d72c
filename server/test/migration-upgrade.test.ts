// docs/operations.md "Migrations": a database built from any migration set released on main is
// brought by the current migrations to the schema a fresh install has. The released sets
// (fixtures/released-migrations/sets.json: each distinct set of main's first-parent history, with
// the hash of each file's text then) and the texts since replaced are fixtures, not read from git.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../src/db/database.ts';
import { migrate, migrationsDir, readLock, readMigrations, sha256 } from '../src/db/migrate.ts';
import { schemaDump } from '../src/db/schema-dump.ts';

const fixtures = fileURLToPath(new URL('./fixtures/released-migrations/', import.meta.url));

interface ReleasedSet {
  commit: string;
  migrations: Record<string, string>;
}
const sets = JSON.parse(fs.readFileSync(path.join(fixtures, 'sets.json'), 'utf8')) as ReleasedSet[];
const current = readMigrations();
const currentHash = new Map(current.map((m) => [m.name, m.hash]));

/** The text a released set had for a migration: the current file, or a fixture of an older text. */
function releasedText(name: string, hash: string): string {
  if (currentHash.get(name) === hash)
    return fs.readFileSync(path.join(migrationsDir, name), 'utf8');
  const file = path.join(fixtures, `${name.replace(/\.sql$/, '')}.${hash.slice(0, 12)}.sql`);
  const sql = fs.readFileSync(file, 'utf8');
  if (sha256(sql) !== hash) throw new Error(`${file} is not the text with hash ${hash}`);
  return sql;
}

/**
 * A set whose files are the current texts of the first migrations in name order is a step of the
 * fresh install itself (it applies the same statements in the same order); every other set — an
 * older text, a file named differently since, or a migration added before one already released —
 * is built and upgraded.
 */
function isFreshInstallStep(set: ReleasedSet): boolean {
  const names = Object.keys(set.migrations).sort();
  return names.every(
    (name, i) => current[i]?.name === name && currentHash.get(name) === set.migrations[name],
  );
}

const serverUrl = inject('pgServerUrl');
const created: string[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-released-'));

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(name: string) {
  await admin((client) => client.query(`create database ${name}`));
  created.push(name);
  return withDatabase(serverUrl, name);
}

async function dump(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await schemaDump(client);
  } finally {
    await client.end();
  }
}

let fresh = '';
beforeAll(async () => {
  const url = await createDatabase(`released_fresh_${process.pid}`);
  await migrate(url);
  fresh = await dump(url);
}, 300_000);

afterAll(async () => {
  for (const name of created) {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
  fs.rmSync(work, { recursive: true, force: true });
});

/** What one dump has that the other has not, line by line (enough to name the difference). */
function difference(actual: string, expected: string) {
  const expectedLines = new Set(expected.split('\n'));
  const actualLines = new Set(actual.split('\n'));
  return {
    extra: actual.split('\n').filter((line) => !expectedLines.has(line)),
    missing: expected.split('\n').filter((line) => !actualLines.has(line)),
  };
}

it('the released sets are every first-parent set of main, each text a fixture or a current file', () => {
  expect(sets.length).toBeGreaterThan(0);
  for (const set of sets) {
    for (const [name, hash] of Object.entries(set.migrations)) {
      expect(() => releasedText(name, hash), `${set.commit} ${name}`).not.toThrow();
    }
  }
  // The newest released set is the current one (or a prefix of it, when new files await release).
  expect(isFreshInstallStep(sets.at(-1)!)).toBe(true);
});

/**
 * A set with a text that is neither current nor accepted as replaced (lock.json) was on main for
 * a few hours before anything was deployed (docs/operations.md "Migrations" says which): the
 * runner refuses such a database, before applying anything, rather than guess its state.
 */
const lock = readLock();
const accepted = (set: ReleasedSet) =>
  Object.entries(set.migrations).every(
    ([name, hash]) => currentHash.get(name) === hash || lock.replaced[name]?.includes(hash),
  );

async function buildFromSet(i: number, set: ReleasedSet) {
  const dir = path.join(work, String(i));
  fs.mkdirSync(dir);
  for (const [name, hash] of Object.entries(set.migrations)) {
    fs.writeFileSync(path.join(dir, name), releasedText(name, hash));
  }
  const url = await createDatabase(`released_${process.pid}_${i}`);
  await migrate(
    url,
    () => {},
    () => true,
    dir,
  );
  return url;
}

const numbered = sets.map((set, i) => [i + 1, set.commit.slice(0, 7), set] as const);
const upgraded = numbered.filter(([, , set]) => !isFreshInstallStep(set) && accepted(set));
const refused = numbered.filter(([, , set]) => !accepted(set));

it.each(upgraded)(
  'a database built from released set %i (main at %s) migrates to the schema of a fresh install',
  async (i, _commit, set) => {
    const url = await buildFromSet(i, set);
    await migrate(url);
    const schema = await dump(url);
    if (schema !== fresh) expect(difference(schema, fresh)).toEqual({ extra: [], missing: [] });
  },
  300_000,
);

it.each(refused)(
  'a database built from unaccepted set %i (main at %s) is refused and left as it was',
  async (i, _commit, set) => {
    const url = await buildFromSet(i, set);
    const before = await dump(url);
    await expect(migrate(url)).rejects.toThrow(
      /was changed after it was applied|renamed or removed after it was applied/,
    );
    expect((await dump(url)) === before).toBe(true);
  },
  300_000,
);

// An upgrade that rewrites a table (0309's stored generated columns) leaves it without its
// visibility map, which autovacuum does not restore for a rewrite: the runner vacuums the tables
// the migrations rewrote, so that an index-only scan reads the index alone again.
it('a table a migration rewrote is vacuumed: its index-only scans fetch no rows from the table', async () => {
  const dir = path.join(work, 'rewrite');
  fs.mkdirSync(dir);
  fs.writeFileSync(
    path.join(dir, '0001-table.sql'),
    `create table kept (id integer primary key, amount integer not null);
     insert into kept select n, n from generate_series(1, 2000) n;`,
  );
  const url = await createDatabase(`rewrite_${process.pid}`);
  const run = (log: (message: string) => void = () => {}) => migrate(url, log, () => true, dir);
  await run();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze) kept');
    fs.writeFileSync(
      path.join(dir, '0002-rewrite.sql'),
      `alter table kept add column amount_text text generated always as (amount::text) stored;`,
    );
    const logged: string[] = [];
    expect(await run((message) => logged.push(message))).toEqual(['0002-rewrite.sql']);
    expect(logged).toContain('Vacuuming public.kept, rewritten by the migrations');
    await client.query('set enable_seqscan = off; set enable_bitmapscan = off');
    const { rows } = await client.query(
      `explain (analyze, format json) select count(*) from kept where id > 0`,
    );
    const scans: { 'Node Type': string; 'Heap Fetches'?: number }[] = [];
    const walk = (node: { 'Node Type': string; Plans?: unknown[] }) => {
      scans.push(node as (typeof scans)[number]);
      for (const child of node.Plans ?? []) walk(child as typeof node);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan);
    const scan = scans.find((node) => node['Node Type'] === 'Index Only Scan');
    expect(scan?.['Heap Fetches']).toBe(0);
  } finally {
    await client.end();
  }
});

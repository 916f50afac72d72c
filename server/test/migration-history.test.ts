// docs/operations.md "Migrations": a committed migration is never edited. db/migrations/lock.json
// holds the hash of each file's text (`npm run db:lock` adds new files), and main's first-parent
// history shows no text of a migration but its current one, apart from the texts recorded in the
// released sets (fixtures/released-migrations/sets.json), which were edited before this rule was
// enforced and which the runner accepts (lock.json "replaced") or refuses.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readLock, readMigrations, sha256 } from '../src/db/migrate.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = path.join(root, 'server/test/fixtures/released-migrations');
const sets = JSON.parse(fs.readFileSync(path.join(fixtures, 'sets.json'), 'utf8')) as {
  migrations: Record<string, string>;
}[];
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const inGit = fs.existsSync(path.join(root, '.git'));

it('every migration file has the text locked in db/migrations/lock.json (run `npm run db:lock` for a new one)', () => {
  const lock = readLock();
  const files = Object.fromEntries(readMigrations().map((m) => [m.name, m.hash]));
  expect(files).toEqual(lock.locked);
});

it('the replaced texts the runner accepts are released texts kept as fixtures', () => {
  for (const [name, hashes] of Object.entries(readLock().replaced)) {
    for (const hash of hashes) {
      const file = path.join(fixtures, `${name.replace(/\.sql$/, '')}.${hash.slice(0, 12)}.sql`);
      expect(sha256(fs.readFileSync(file, 'utf8')), file).toBe(hash);
      expect(sets.some((set) => set.migrations[name] === hash)).toBe(true);
    }
  }
});

it.skipIf(!inGit)(
  'no migration changes after its first commit on main (first-parent history), except the released texts recorded before',
  () => {
    const current = Object.fromEntries(readMigrations().map((m) => [m.name, m.hash]));
    const recorded = new Set(
      sets.flatMap((set) => Object.entries(set.migrations).map(([n, h]) => `${n} ${h}`)),
    );
    const names = new Set(
      git('log', '--first-parent', '--name-only', '--format=', 'HEAD', '--', 'db/migrations/')
        .split('\n')
        .filter((file) => /^db\/migrations\/\d{4}-[\w-]+\.sql$/.test(file)),
    );
    const edits: string[] = [];
    for (const file of names) {
      const name = path.basename(file);
      const commits = git('log', '--first-parent', '--format=%H', 'HEAD', '--', file)
        .split('\n')
        .filter(Boolean);
      for (const commit of commits) {
        let text: string;
        try {
          text = git('show', `${commit}:${file}`);
        } catch {
          continue; // the commit removed or renamed it
        }
        const hash = sha256(text);
        if (hash !== current[name] && !recorded.has(`${name} ${hash}`)) {
          edits.push(`${name} at ${commit.slice(0, 7)}`);
        }
      }
    }
    expect(edits).toEqual([]);
  },
);

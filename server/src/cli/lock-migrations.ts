// npm run db:lock — adds every migration file not yet in db/migrations/lock.json with the SHA-256
// of its text. A file already locked is never re-hashed: when one differs from its lock, this
// names it and stops (a committed migration is never edited; add a new one instead).
import fs from 'node:fs';
import path from 'node:path';
import {
  editedMigrations,
  LOCK_FILE,
  migrationsDir,
  readLock,
  readMigrations,
} from '../db/migrate.ts';

const migrations = readMigrations();
const lock = readLock();
const edited = editedMigrations(migrations, lock);
if (edited.length > 0) {
  console.error(
    `${edited.join(', ')} changed after being locked: restore the committed text and put the change in a new migration.`,
  );
  process.exit(1);
}
const added = migrations.filter((m) => lock.locked[m.name] === undefined);
const missing = Object.keys(lock.locked).filter((name) => !migrations.some((m) => m.name === name));
if (missing.length > 0) {
  console.error(
    `${missing.join(', ')} locked but missing: a committed migration is never removed.`,
  );
  process.exit(1);
}
const locked = Object.fromEntries(
  migrations.map((m) => [m.name, lock.locked[m.name] ?? m.hash] as const),
);
fs.writeFileSync(
  path.join(migrationsDir, LOCK_FILE),
  `${JSON.stringify({ locked, replaced: lock.replaced }, null, 2)}\n`,
);
console.log(
  added.length > 0 ? `Locked ${added.map((m) => m.name).join(', ')}.` : 'Nothing new to lock.',
);

import { execFileSync } from 'node:child_process';

/** The commit measured, and whether the checkout had changes. */
export function commitOf(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown'; // not a git checkout
  }
}

import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { BACKUP_LOCK } from '../db/backup.ts';
import type { BlobStore } from './blob-store.ts';

/** Advisory-lock key of a blob: uploads, deletes and the sweeper take it before touching the bytes. */
export const blobLockKey = (sha256: string) => `blob:${sha256}`;

export interface SweepResult {
  expiredFiles: number;
  removedBlobs: number;
}

/**
 * Removes uploads nobody attached within their day, then the bytes that no file row refers to
 * (older than `graceMs`, so an upload in flight is never swept), then stale temp files.
 */
export async function sweepFiles(
  ownerPool: pg.Pool,
  blobs: BlobStore,
  tempDir: string | undefined,
  graceMs = 60 * 60 * 1000,
): Promise<SweepResult> {
  // A backup in progress holds BACKUP_LOCK: the files its rows name must stay until it is done.
  const guard = await ownerPool.connect();
  try {
    const { rows: free } = await guard.query<{ ok: boolean }>(
      'select pg_try_advisory_lock_shared($1) as ok',
      [BACKUP_LOCK],
    );
    if (!free[0]!.ok) return { expiredFiles: 0, removedBlobs: 0 };
    try {
      return await sweepUnderGuard(ownerPool, blobs, tempDir, graceMs);
    } finally {
      await guard.query('select pg_advisory_unlock_shared($1)', [BACKUP_LOCK]).catch(() => {});
    }
  } finally {
    guard.release();
  }
}

async function sweepUnderGuard(
  ownerPool: pg.Pool,
  blobs: BlobStore,
  tempDir: string | undefined,
  graceMs: number,
): Promise<SweepResult> {
  const { rows } = await ownerPool.query<{ n: number }>(
    'select app_private.delete_expired_files() as n',
  );
  let removedBlobs = 0;
  const cutoff = Date.now() - graceMs;
  for await (const blob of blobs.list()) {
    if (blob.modified.getTime() > cutoff) continue;
    const client = await ownerPool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [blobLockKey(blob.sha256)]);
      const used = await client.query('select 1 from app_public.files where sha256 = $1 limit 1', [
        blob.sha256,
      ]);
      if (!used.rowCount) {
        await blobs.remove(blob.sha256);
        removedBlobs++;
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [blobLockKey(blob.sha256)]);
      client.release();
    }
  }
  if (tempDir && fs.existsSync(tempDir)) {
    for (const name of await fs.promises.readdir(tempDir)) {
      const file = path.join(tempDir, name);
      const stat = await fs.promises.stat(file);
      if (stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
    }
  }
  return { expiredFiles: rows[0]!.n, removedBlobs };
}

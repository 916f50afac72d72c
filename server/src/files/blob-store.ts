import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live, addressed by the sha256 of their content. The interface admits another
 * store (an S3-compatible one) later; LocalBlobStore keeps them in a directory.
 */
export interface BlobStore {
  /** A fresh path for an upload in progress, on the same file system as the blobs. */
  tempPath(): string;
  /** Moves a finished temp file under its hash; returns false when that content was already stored. */
  commit(tempPath: string, sha256: string): Promise<boolean>;
  read(sha256: string): Readable;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  /** Every stored hash with its modification time (for the sweeper). */
  list(): AsyncIterable<{ sha256: string; modified: Date }>;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class LocalBlobStore implements BlobStore {
  private readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = root;
    this.tmp = path.join(root, 'tmp');
    fs.mkdirSync(this.tmp, { recursive: true });
  }

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  tempPath(): string {
    return path.join(this.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  // Written to a temp file first and renamed: a crash never leaves a half file under a real name.
  async commit(tempPath: string, sha256: string): Promise<boolean> {
    const target = this.pathOf(sha256);
    if (await this.exists(sha256)) {
      await fs.promises.rm(tempPath, { force: true });
      return false;
    }
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tempPath, target);
    return true;
  }

  read(sha256: string): Readable {
    return fs.createReadStream(this.pathOf(sha256));
  }

  async exists(sha256: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(sha256)).then(
      () => true,
      () => false,
    );
  }

  async remove(sha256: string): Promise<void> {
    await fs.promises.rm(this.pathOf(sha256), { force: true });
  }

  async *list(): AsyncIterable<{ sha256: string; modified: Date }> {
    for (const prefix of await fs.promises.readdir(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const name of await fs.promises.readdir(path.join(this.root, prefix))) {
        if (!SHA256.test(name)) continue;
        const stat = await fs.promises.stat(path.join(this.root, prefix, name));
        yield { sha256: name, modified: stat.mtime };
      }
    }
  }
}

// One error catalogue (DESIGN §8): every code the server can send has a message in ru and in en,
// so a Russian screen never shows an English server message. The codes are collected from the
// migrations (app_hidden.fail and constraints' `@code` comments) and the server's sources (AppError, StorageError, the constraint
// map and every `code: '…'`), so a new code without a translation fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './catalogues.ts';
import { ru } from './catalogues.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');

function files(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

function serverCodes(): Set<string> {
  const codes = new Set<string>();
  const collect = (text: string, pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) codes.add(match[1]!);
  };
  for (const file of files(path.join(ROOT, 'db', 'migrations'), /\.sql$/)) {
    collect(fs.readFileSync(file, 'utf8'), /fail\('([A-Za-z-]+)'/g);
    // A constraint's code in its comment (docs/errors.md "Constraints").
    collect(fs.readFileSync(file, 'utf8'), /@code ([A-Za-z]+)/g);
  }
  for (const file of files(path.join(ROOT, 'server', 'src'), /\.ts$/)) {
    const text = fs.readFileSync(file, 'utf8');
    collect(text, /code: '([A-Za-z_-]+)'/g);
    collect(text, /new AppError\(\s*'([A-Za-z_-]+)'/g);
    collect(text, /StorageError\(\s*\d+,\s*'([A-Za-z_-]+)'/g);
    collect(text, /return '([A-Z][A-Za-z]+)';/g);
    collect(text, /\|\| '([A-Z][A-Za-z]+)'/g);
  }
  return codes;
}

describe('the error catalogue', () => {
  const codes = serverCodes();

  it('collects the codes the server sends', () => {
    expect(codes.size).toBeGreaterThan(90);
    for (const code of [
      'InvoiceClosed',
      'QueryTooComplex',
      'MalformedUpload',
      'CannotChangeStatus',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('has a message in en and in ru for every code', () => {
    const missing = (catalogue: Record<string, string>) =>
      [...codes].filter((code) => !catalogue[code]?.trim()).sort();
    expect(missing(en.errors.codes as Record<string, string>)).toEqual([]);
    expect(missing(ru.errors.codes as Record<string, string>)).toEqual([]);
  });
});

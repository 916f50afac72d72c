// The JavaScript a visitor downloads before the sign-in page shows: the entry chunk, every chunk it
// imports statically (Vite's manifest) and the default language's catalogue (loaded before the
// first render), gzip-compressed. `npm run build` prints it; a
// test fails above FIRST_LOAD_LIMIT (DESIGN §8: at most 150 kB).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_LIMIT = 150 * 1024;
const dist = fileURLToPath(new URL('../dist', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export function firstLoad(): { files: { file: string; gzip: number }[]; total: number } {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The build has no entry chunk.');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit(entry);
  // Russian is the default language: its catalogue loads before anything is drawn.
  const catalogue = Object.keys(manifest).find((key) => key.endsWith('i18n/ru.json'));
  if (catalogue) seen.add(catalogue);
  const files = [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzip: gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((sum, file) => sum + file.gzip, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, total } = firstLoad();
  for (const { file, gzip } of files)
    console.log(`  ${(gzip / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  console.log(
    `Sign-in page JavaScript: ${(total / 1024).toFixed(1)} kB gzip (limit ${FIRST_LOAD_LIMIT / 1024} kB)`,
  );
}

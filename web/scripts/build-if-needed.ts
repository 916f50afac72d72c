// Builds the SPA when web/dist is missing or older than its sources (run before `npm start`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(webRoot, 'dist', 'index.html');

function newest(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  path.join(webRoot, p),
);
const stale =
  !fs.existsSync(built) || fs.statSync(built).mtimeMs < Math.max(...sources.map(newest));
if (stale) {
  console.log('Building the web application…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    stdio: 'inherit',
    cwd: path.join(webRoot, '..'),
  });
  process.exit(result.status ?? 1);
}

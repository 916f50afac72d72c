// npm run dev — the API (as npm start, without building the SPA) and the Vite dev server with hot
// reload, whose proxy sends /graphql and /api to the API's PORT. Ctrl-C or SIGTERM stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const port = process.env.PORT || '3000';
const children: ChildProcess[] = [];
let stopping = false;

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.on('exit', resolve)) : null,
    ),
  ).then(() => process.exit(code));
}

function run(args: string[], cwd = process.cwd()): ChildProcess {
  // Node itself, not npm or a shell, so that stopping reaches the process that does the work.
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  });
  child.on('exit', (code) => stop(code ?? 1));
  children.push(child);
  return child;
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run(['server/src/main.ts']);
// The dev server starts once the API answers, so the first page load finds it.
const deadline = Date.now() + 120_000;
for (;;) {
  if (stopping) break;
  const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (Date.now() > deadline) {
    console.error(`The API did not answer on port ${port} within two minutes.`);
    stop(1);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!stopping) run([path.resolve('node_modules/vite/bin/vite.js')], path.resolve('web'));

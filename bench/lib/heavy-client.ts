// A heavy client of bench/fairness.ts, in a worker thread (as another machine's client would be):
// sends its request bodies in turn, one at a time, to a loopback server until told to stop, then
// reports what it got back.
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, bodies } = workerData as { url: string; token: string; bodies: string[] };
if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('loopback only');
let stop = false;
// Told to stop, a client drops the request it is waiting for (the server may still finish it).
const abort = new AbortController();
parentPort!.on('message', () => {
  stop = true;
  abort.abort();
});
const counts = { ok: 0, refused: {} as Record<string, number>, ms: [] as number[] };
for (let i = 0; !stop; i++) {
  const start = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: bodies[i % bodies.length],
      signal: abort.signal,
    });
    text = await response.text();
  } catch (error) {
    if (stop) break;
    throw error;
  }
  const errors = (JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] }).errors;
  const code = errors?.[0]?.extensions?.code;
  if (response.ok && !errors?.length) {
    counts.ok++;
    counts.ms.push(performance.now() - start);
  } else {
    const key = `${response.status} ${code ?? 'error'}`;
    counts.refused[key] = (counts.refused[key] ?? 0) + 1;
    // A refused client waits as told (Retry-After), at most a second here.
    const after = Number(response.headers.get('retry-after') ?? 0);
    if (after > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(after, 1) * 1000));
  }
}
parentPort!.postMessage(counts);

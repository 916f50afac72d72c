// A client that sends the same over-limit GraphQL request in a loop, to 127.0.0.1 only, until
// told to stop or until its bounds (count, time) run out. It says when its first request was
// answered, and at the end how many it sent.
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, query, max, ms } = workerData as {
  url: string;
  token: string;
  query: string;
  max: number;
  ms: number;
};
if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('loopback only');
let stop = false;
parentPort!.on('message', () => (stop = true));
const end = Date.now() + ms;
let sent = 0;
const body = JSON.stringify({ query });
while (!stop && sent < max && Date.now() < end) {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  }).then((response) => response.text());
  sent++;
  // The first answer received: the load is on (the test measures only from then).
  if (sent === 1) parentPort!.postMessage({ started: true });
}
// Wait for the stop message if the bounds ran out first, then report.
while (!stop) await new Promise((resolve) => setTimeout(resolve, 10));
parentPort!.postMessage({ sent });

// docs/operations.md "Starting, stopping, resetting": the server stops once the requests it is
// running are done, those whose client hung up as well. A sign-in half-way through its statements
// when the server is told to stop finishes its work (its refresh token is written) instead of
// failing on database pools that were ended under it.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { trackRunningHandlers } from '../src/running-handlers.ts';
import { createTestDatabase, TEST_JWT_SECRET } from './helpers.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-stopping-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('stopping the server', () => {
  it('waits for a request whose client hung up before it ends the database pools', async () => {
    const db = await createTestDatabase();
    const config = loadConfig({ production: false, dataDir, fileSweepIntervalMs: 0 });
    const app = await buildApp({
      config,
      ownerUrl: db.ownerUrl,
      authenticatorUrl: db.authenticatorUrl,
      jwtSecret: TEST_JWT_SECRET,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const tokens = async () =>
      (
        await db.owner.query<{ n: number }>(
          `select count(*)::int as n from app_private.refresh_tokens t
             join app_public.users u on u.id = t.user_id where u.username = 'admin'`,
        )
      ).rows[0]!.n;
    const before = await tokens();

    // A transaction of the test holds the sign-in at its read of the user's password hash.
    const locker = await db.owner.connect();
    await locker.query('begin');
    await locker.query('lock table app_private.user_secrets in access exclusive mode');
    const client = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation { login(input: { username: "admin", password: "${DEMO_PASSWORD}" }) { accessToken } }`,
      }),
      signal: client.signal,
    }).then(
      () => 'answered',
      () => 'hung up',
    );
    await expect
      .poll(
        async () =>
          (
            await db.owner.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n,
      )
      .toBe(1);
    // The client hangs up; the server is told to stop while the sign-in still waits.
    client.abort();
    expect(await request).toBe('hung up');
    let stopped = false;
    const stopping = app.close().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false);

    await locker.query('rollback');
    locker.release();
    await stopping;
    // The sign-in ran to its end before the pools ended: its refresh token is there.
    expect(await tokens()).toBe(before + 1);
  });

  it('gives up waiting after its deadline, saying so, and waits for handlers started meanwhile', async () => {
    const app = Fastify();
    const handlers = trackRunningHandlers(app);
    const gates: (() => void)[] = [];
    app.get('/held', () => new Promise<string>((resolve) => gates.push(() => resolve('done'))));
    const first = app.inject('/held');
    await expect.poll(() => handlers.count()).toBe(1);
    expect(await handlers.settled(50)).toBe(false);

    let allDone = false;
    const settled = handlers.settled(5_000).then((done) => (allDone = done));
    const second = app.inject('/held');
    await expect.poll(() => handlers.count()).toBe(2);
    gates.shift()!();
    expect((await first).body).toBe('done');
    await expect.poll(() => handlers.count()).toBe(1);
    expect(allDone).toBe(false);
    gates.shift()!();
    expect(await settled).toBe(true);
    expect((await second).body).toBe('done');
    expect(handlers.count()).toBe(0);
    await app.close();
  });
});

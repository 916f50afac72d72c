import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that the system has just reported free: it listens on port 0, reads the
 * port it was given, and closes. A process started right after (an embedded PostgreSQL, `npm
 * start`) binds it; the system hands ports out in turn, so another test asking at the same time
 * gets a different one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No port was assigned.'))));
    });
  });
}

/** Whether an error says the port was taken between asking for it and binding it. */
export function isPortTaken(error: unknown): boolean {
  return /EADDRINUSE|Address already in use|could not bind|is the port taken/i.test(String(error));
}

/**
 * Runs `start` on a free port, asking again when the port was taken in the meantime (another
 * process bound it between the check and the start); at most `attempts` times.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= attempts || !isPortTaken(error)) throw error;
    }
  }
}

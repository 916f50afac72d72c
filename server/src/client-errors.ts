import type { FastifyInstance } from 'fastify';

/** Where the web app sends its error reports when built with VITE_ERROR_REPORTING=on. */
export const CLIENT_ERRORS_PATH = '/api/client-errors';
const MAX_REPORT_BYTES = 8192;
const REPORTS_PER_MINUTE = 60;

const text = (value: unknown, limit: number) =>
  typeof value === 'string' ? value.slice(0, limit) : undefined;

/**
 * Receives the web app's error reports and logs each as one structured JSON line on stderr:
 * {"type":"client-error", time, address, kind, message, stack, code, route, version}. Reports are
 * small (8 kB at most) and limited per address (60 a minute); nothing is stored.
 */
export function clientErrorRoutes(app: FastifyInstance, log: (line: string) => void): void {
  const counts = new Map<string, { minute: number; count: number }>();
  app.post(CLIENT_ERRORS_PATH, { bodyLimit: MAX_REPORT_BYTES }, async (request, reply) => {
    const minute = Math.floor(Date.now() / 60_000);
    const seen = counts.get(request.ip);
    const count = seen && seen.minute === minute ? seen.count + 1 : 1;
    if (counts.size > 10_000) counts.clear();
    counts.set(request.ip, { minute, count });
    if (count > REPORTS_PER_MINUTE) return reply.code(429).send();
    const body = (request.body ?? {}) as Record<string, unknown>;
    log(
      JSON.stringify({
        type: 'client-error',
        time: new Date().toISOString(),
        address: request.ip,
        kind: text(body.kind, 20),
        message: text(body.message, 1000),
        stack: text(body.stack, 4000),
        code: text(body.code, 100),
        route: text(body.route, 300),
        version: text(body.version, 40),
      }),
    );
    return reply.code(204).send();
  });
}

import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * The route handlers still running, so that the server stops only once they are done.
 *
 * Closing the HTTP server waits for the requests whose client is still connected. A client that
 * hung up is no longer waited for, but its handler goes on (a GraphQL operation still planning, a
 * sign-in between its statements): ending the database pools under it would fail its next query
 * ("Cannot use a pool after calling end on the pool") half-way through its work. Registered before
 * any route, it wraps every handler; `settled` is what the server's close waits for.
 */
export function trackRunningHandlers(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod | undefined;
    if (typeof handler !== 'function') return;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const done: Promise<void> = result.then(
          () => {},
          () => {},
        );
        running.add(done);
        void done.then(() => running.delete(done));
      }
      return result;
    } as RouteHandlerMethod;
  });
  return {
    /** How many handlers are running now. */
    count: () => running.size,
    /**
     * Resolves once every handler running now (and any started meanwhile) has finished, or after
     * `timeoutMs` at most; says whether they all finished.
     */
    async settled(timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (running.size > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(running),
          new Promise((resolve) => (timer = setTimeout(resolve, left))),
        ]);
        clearTimeout(timer);
      }
      return true;
    },
  };
}

/**
 * Error reporting (SPEC §9): with the build flag VITE_ERROR_REPORTING=on, unhandled errors and
 * failed requests are sent — message, stack, route, version; never tokens or what was typed — to
 * VITE_ERROR_REPORTING_URL, by default the project's own server (POST /api/client-errors, which
 * logs them as structured lines). On without a destination, it says so once in the console.
 */
export interface ClientErrorReport {
  kind: 'error' | 'rejection' | 'request';
  message: string;
  stack?: string;
  /** The path only: a query string may hold search text. */
  route: string;
  version: string;
  code?: string;
}

export interface ReportingConfig {
  enabled: boolean;
  destination: string | undefined;
}

export type Report = (report: Omit<ClientErrorReport, 'route' | 'version'>) => void;

// A bearer token or a bare JWT anywhere in a message or stack.
const SECRETS = /Bearer\s+[\w.~+/=-]+|eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const redact = (text: string | undefined, limit: number) =>
  text?.replace(SECRETS, '[redacted]').slice(0, limit);

export function createReporter(
  config: ReportingConfig,
  context: { route: () => string; version: string },
  io: { send: (url: string, body: string) => void; warn: (message: string) => void },
): Report {
  if (!config.enabled) return () => {};
  if (!config.destination) {
    io.warn(
      'Error reporting is on, but VITE_ERROR_REPORTING_URL names no destination: errors are not sent.',
    );
    return () => {};
  }
  const destination = config.destination;
  return (report) =>
    io.send(
      destination,
      JSON.stringify({
        kind: report.kind,
        message: redact(report.message, 1000) ?? '',
        stack: redact(report.stack, 4000),
        code: report.code,
        route: context.route(),
        version: context.version,
      } satisfies ClientErrorReport),
    );
}

/** The reporter of this build, listening for unhandled errors and rejections. */
export function startErrorReporting(): Report {
  const report = createReporter(
    {
      enabled: import.meta.env.VITE_ERROR_REPORTING === 'on',
      destination: import.meta.env.VITE_ERROR_REPORTING_URL ?? '/api/client-errors',
    },
    { route: () => window.location.pathname, version: __APP_VERSION__ },
    {
      send: (url, body) =>
        void fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          keepalive: true,
        }).catch(() => {}),
      warn: (message) => console.warn(message),
    },
  );
  window.addEventListener('error', (event) =>
    report({ kind: 'error', message: event.message, stack: (event.error as Error)?.stack }),
  );
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as Error | undefined;
    report({ kind: 'rejection', message: String(reason?.message ?? reason), stack: reason?.stack });
  });
  return report;
}

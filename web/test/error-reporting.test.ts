// SPEC §9 error reporting: off unless the build flag says on; on without a destination it warns
// once and sends nothing; with one it sends message, stack, route and version, without tokens.
import { describe, expect, it, vi } from 'vitest';
import { createReporter } from '../src/app/error-reporting.ts';

const context = { route: () => '/invoices/12', version: '1.4.2' };

describe('error reporting', () => {
  it('is off without the build flag', () => {
    const io = { send: vi.fn(), warn: vi.fn() };
    createReporter(
      { enabled: false, destination: '/api/client-errors' },
      context,
      io,
    )({
      kind: 'error',
      message: 'boom',
    });
    expect(io.send).not.toHaveBeenCalled();
    expect(io.warn).not.toHaveBeenCalled();
  });

  it('turned on without a destination, it warns in the console and sends nothing', () => {
    const io = { send: vi.fn(), warn: vi.fn() };
    const report = createReporter({ enabled: true, destination: '' }, context, io);
    report({ kind: 'error', message: 'boom' });
    expect(io.warn).toHaveBeenCalledTimes(1);
    expect(io.warn.mock.calls[0]![0]).toMatch(/no destination/);
    expect(io.send).not.toHaveBeenCalled();
  });

  it('with a destination, sends message, stack, route and version, never a token', () => {
    const io = { send: vi.fn(), warn: vi.fn() };
    const report = createReporter(
      { enabled: true, destination: '/api/client-errors' },
      context,
      io,
    );
    report({
      kind: 'request',
      message: 'AllInvoices: failed with Bearer abc.def.ghi',
      stack: 'at fetch (eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl)',
      code: 'InternalServerError',
    });
    const [url, body] = io.send.mock.calls[0]!;
    expect(url).toBe('/api/client-errors');
    const sent = JSON.parse(body as string);
    expect(sent).toMatchObject({
      kind: 'request',
      route: '/invoices/12',
      version: '1.4.2',
      code: 'InternalServerError',
    });
    expect(body).not.toMatch(/abc\.def|eyJhbGci/);
    expect(sent.message).toContain('[redacted]');
  });
});

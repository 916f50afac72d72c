// bench/README.md "The browser's own time": the in-app figure is a navigation in a running app;
// the first one after a full load of the home screen is reported beside it, for information.
import { describe, expect, it } from 'vitest';
import { renderBrowserSection, type BrowserRow } from '../../bench/lib/browser-report.ts';

const row = (screen: string, inApp: number[], inAppFirst?: number[]): BrowserRow => ({
  key: screen.toLowerCase(),
  screen,
  account: 'admin',
  fullLoad: [300, 320],
  inApp,
  ...(inAppFirst ? { inAppFirst } : {}),
  jsBytes: 500 * 1024,
  longTasks: { count: 1, ms: 60 },
});
const run = (rows: BrowserRow[]) => ({
  scale: 1,
  rounds: 2,
  commit: 'abc1234',
  date: '2026-12-06T00:00:00.000Z',
  machine: '2 × Intel Xeon',
  rows,
});

describe('the browser table: in-app navigation in a running app, the first one for information', () => {
  it('takes the in-app figure and its goal from the navigations in a running app', () => {
    const { section, lines } = renderBrowserSection(
      run([row('Invoices', [100, 120], [300, 340]), row('Costs', [130, 140], [250, 260])]),
    );
    expect(lines).toEqual(['browser full-load p95 ms: 319', 'browser in-app p95 ms: 140']);
    const text = section.join('\n');
    expect(text).toContain('| first in-app p95 |');
    expect(text).toContain('| Invoices | admin | 310 | 319 | yes | 110 | 119 | yes | 338 | 500 |');
    expect(text).toContain('Worst first in-app: Invoices as admin, 338 ms.');
  });

  it('renders a run saved before the first navigation was measured apart, without its column', () => {
    const text = renderBrowserSection(run([row('Invoices', [200, 220])])).section.join('\n');
    expect(text).not.toContain('first in-app');
    expect(text).toContain('| Invoices | admin | 310 | 319 | yes | 210 | 219 | **no** | 500 |');
  });
});

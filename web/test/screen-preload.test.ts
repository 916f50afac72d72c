// A screen's chunk loads before it is rendered (app/screen-preload.ts): through React.lazy's own
// loader (once), for the route an address names, and while idle only when the screen on view is
// ready, one screen after another.
import { lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { ScreenRoute } from '../src/app/module.ts';
import {
  componentLoaded,
  prefetchWhenIdle,
  preloadComponent,
  screenAt,
} from '../src/app/screen-preload.ts';

const Page: ComponentType = () => null;

function counted() {
  let calls = 0;
  const component = lazy(() => {
    calls++;
    return Promise.resolve({ default: Page });
  });
  return { component, calls: () => calls };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('screen preload', () => {
  it("a preloaded screen's chunk is fetched once, by React.lazy's loader, and then renders without waiting", async () => {
    const { component, calls } = counted();
    expect(componentLoaded(component)).toBe(false);
    preloadComponent(component);
    preloadComponent(component);
    await tick();
    expect(calls()).toBe(1);
    expect(componentLoaded(component)).toBe(true);
  });

  it('an address names the first route that matches with valid parameters', () => {
    const routes: ScreenRoute[] = [
      { path: '', title: 'home', component: counted().component },
      { path: 'invoices', title: 'list', component: counted().component },
      { path: 'invoices/new', title: 'new', component: counted().component },
      {
        path: 'invoices/:invoice',
        title: 'details',
        params: { invoice: 'numeric' },
        component: counted().component,
      },
    ];
    expect(screenAt(routes, '/')?.title).toBe('home');
    expect(screenAt(routes, '/invoices')?.title).toBe('list');
    expect(screenAt(routes, '/invoices/new')?.title).toBe('new');
    expect(screenAt(routes, '/invoices/12')?.title).toBe('details');
    expect(screenAt(routes, '/invoices/abc')).toBeUndefined();
    expect(screenAt(routes, '/nowhere')).toBeUndefined();
  });

  it('idle prefetching waits until the screen on view is ready, then loads one screen after another', async () => {
    const first = counted();
    const second = counted();
    const routes: ScreenRoute[] = [
      { path: 'a', title: 'a', component: first.component },
      { path: 'b', title: 'b', component: second.component },
    ];
    let ready = false;
    const stop = prefetchWhenIdle(routes, ['/a', '/b'], () => ready);
    await tick(300);
    expect(first.calls() + second.calls()).toBe(0);
    ready = true;
    await tick(600);
    expect([first.calls(), second.calls()]).toEqual([1, 1]);
    expect(componentLoaded(second.component)).toBe(true);
    stop();
  });
});

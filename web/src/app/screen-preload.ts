// Loading a screen's chunk before it is rendered (docs/web.md "First rows"): the screen a full
// load opens starts with the application instead of after the session, and the sidebar's screens
// are fetched while the browser is idle and when a link is hovered or focused.
import { useEffect, useReducer, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { paramsValid, type ScreenRoute } from './module.ts';

type Lazy = LazyExoticComponent<ComponentType>;

/** React.lazy's own loader and state (stable since React 16: what `lazy()` returns). */
interface LazyInternals {
  _init?: (payload: unknown) => unknown;
  _payload?: { _status?: number };
}

/**
 * Starts loading a lazy component through React.lazy's own loader, so that a render after the
 * chunk has arrived does not suspend at all; resolves once the chunk has arrived or failed. A
 * failure is kept by React as it would be had the render started the load (the screen then shows
 * the preload error).
 */
function loadComponent(component: Lazy): Promise<void> {
  const lazy = component as unknown as LazyInternals;
  if (typeof lazy._init !== 'function') return Promise.resolve();
  try {
    lazy._init(lazy._payload);
    return Promise.resolve();
  } catch (pending) {
    // The pending load (a promise React keeps and handles) or an earlier failure.
    return Promise.resolve(pending).then(
      () => {},
      () => {},
    );
  }
}

/** Starts loading a lazy component's chunk (as `loadComponent`), without waiting for it. */
export function preloadComponent(component: Lazy): void {
  void loadComponent(component);
}

/** Whether a lazy component's chunk has arrived (a render would not suspend). */
export function componentLoaded(component: Lazy): boolean {
  return (component as unknown as LazyInternals)._payload?._status === 1;
}

/** Whether a lazy component renders without suspending: its chunk has arrived or has failed. */
function componentSettled(component: Lazy): boolean {
  const lazy = component as unknown as LazyInternals;
  const status = lazy._payload?._status;
  return typeof lazy._init !== 'function' || status === 1 || status === 2;
}

/**
 * Whether `component` can be drawn without suspending. Until it can, its chunk is loaded (when
 * `wanted`: the caller is about to draw it) and the caller is drawn again once it has arrived, an
 * update of the caller's own, committed as soon as it is rendered. A Suspense boundary would show
 * its fallback and then hold the screen back: React commits what replaces a fallback no sooner
 * than 300 ms after a fallback was last shown or hidden.
 */
export function useComponentReady(component: Lazy, wanted = true): boolean {
  const ready = componentSettled(component);
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (ready || !wanted) return;
    let current = true;
    void loadComponent(component).then(() => {
      if (current) drawAgain();
    });
    return () => {
      current = false;
    };
  }, [component, ready, wanted]);
  return ready;
}

/** The screen an address opens: the first route whose path matches with valid parameters. */
export function screenAt(
  routes: readonly ScreenRoute[],
  pathname: string,
): ScreenRoute | undefined {
  return routes.find((route) => {
    const match = matchPath({ path: `/${route.path}`, end: true }, pathname);
    return match !== null && paramsValid(route, match.params);
  });
}

/** Starts loading the chunk of the screen at `pathname`, if it names one. */
export function preloadScreen(routes: readonly ScreenRoute[], pathname: string): void {
  const route = screenAt(routes, pathname);
  if (route) preloadComponent(route.component);
}

const idle = (callback: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 50);
  return () => clearTimeout(handle);
};

const later = (callback: () => void, ms: number): (() => void) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

/**
 * Loads the screens at `paths` one after another while the browser is idle, each only once
 * `ready()` says the screen on view has what it needs (its chunk and its data) and the previous
 * one has arrived: a prefetched chunk never delays the rows being waited for. Returns the
 * function that stops it.
 */
export function prefetchWhenIdle(
  routes: readonly ScreenRoute[],
  paths: readonly string[],
  ready: () => boolean,
): () => void {
  const queue = paths
    .map((path) => screenAt(routes, path)?.component)
    .filter((component): component is Lazy => !!component && !componentLoaded(component));
  let previous: Lazy | undefined;
  let cancel = () => {};
  const step = () => {
    if (queue.length === 0) return;
    const settled = !previous || (previous as unknown as LazyInternals)._payload?._status !== 0;
    if (!settled || !ready()) {
      cancel = later(step, 200);
      return;
    }
    previous = queue.shift()!;
    preloadComponent(previous);
    cancel = idle(step);
  };
  cancel = idle(step);
  return () => cancel();
}

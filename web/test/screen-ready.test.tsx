// @vitest-environment jsdom
// A screen whose chunk is still loading shows the loading state, and the screen itself once its
// chunk arrives, never a Suspense fallback (app/screen-preload.ts, useComponentReady; docs/web.md
// "First rows": in the browser React commits what replaces a fallback no sooner than 300 ms after
// a fallback was last shown or hidden).
import {
  act,
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { componentLoaded, useComponentReady } from '../src/app/screen-preload.ts';

type Lazy = ReturnType<typeof lazy<ComponentType>>;

/** A lazy component whose chunk arrives `ms` after it is asked for (or fails to). */
function chunk(ms: number, options: { fails?: boolean; draws?: () => ReactNode } = {}) {
  let asked = 0;
  const component: Lazy = lazy(() => {
    asked++;
    return new Promise((resolve, reject) =>
      setTimeout(
        () =>
          options.fails
            ? reject(new Error('chunk failed'))
            : resolve({ default: () => options.draws?.() ?? <p>screen</p> }),
        ms,
      ),
    );
  });
  return { component, asked: () => asked };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

/** What the shell draws for a screen: the loading state until its chunk can render. */
function ScreenSlot({ component: Screen, wanted = true }: { component: Lazy; wanted?: boolean }) {
  const ready = useComponentReady(Screen, wanted);
  if (!ready) return <p>loading</p>;
  return (
    <Boundary>
      <Suspense fallback={<p>fallback</p>}>
        <Screen />
      </Suspense>
    </Boundary>
  );
}

/** The app's path to a screen: a synchronous update (the session, the router) that draws it. */
function Gate({ open, children }: { open: (show: () => void) => void; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  open(() => flushSync(() => setShown(true)));
  return shown ? children : <p>closed</p>;
}

const roots: (() => void)[] = [];
afterEach(() => {
  while (roots.length) roots.pop()!();
});

function draw(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  // The failing chunk's error is caught by the boundary, as the app's is; React need not print it.
  const root = createRoot(container, { onCaughtError: () => {} });
  root.render(element);
  roots.push(() => {
    root.unmount();
    container.remove();
  });
  return container;
}

/** Waits until the container shows `text`. */
async function shown(container: HTMLElement, text: string, limit = 2000): Promise<void> {
  const start = performance.now();
  while (!container.textContent?.includes(text)) {
    if (performance.now() - start > limit)
      throw new Error(`"${text}" not shown: ${container.textContent}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('a screen drawn while its chunk loads', () => {
  it('shows the loading state, then the screen once its chunk arrives, never a Suspense fallback (React holds back what replaces one)', async () => {
    // As in the app: a synchronous update (the session) draws the application, whose chunk
    // arrives first; the application draws the screen, whose chunk arrives a moment later.
    const screen = chunk(40);
    const application = chunk(20, { draws: () => <ScreenSlot component={screen.component} /> });
    let open = () => {};
    const container = draw(
      <Gate open={(show) => (open = show)}>
        <ScreenSlot component={application.component} />
      </Gate>,
    );
    await shown(container, 'closed');
    const seen: string[] = [];
    const watch = new MutationObserver(() => seen.push(container.textContent ?? ''));
    watch.observe(container, { childList: true, subtree: true, characterData: true });
    open();
    await shown(container, 'screen');
    watch.disconnect();
    expect([application.asked(), screen.asked()]).toEqual([1, 1]);
    expect(componentLoaded(screen.component)).toBe(true);
    // Never a Suspense fallback, whose replacement React holds back.
    expect([...new Set(seen)]).toEqual(['loading', 'screen']);
  });

  it('a screen whose chunk has arrived is drawn at once, without the loading state', async () => {
    const { component } = chunk(0);
    const first = draw(<ScreenSlot component={component} />);
    await shown(first, 'screen');
    let container!: HTMLElement;
    await act(async () => {
      container = draw(<ScreenSlot component={component} />);
    });
    expect(container.textContent).toBe('screen');
  });

  it('a chunk that fails to load reaches the error boundary (the preload error), not a loading state for ever', async () => {
    const { component } = chunk(10, { fails: true });
    const container = draw(<ScreenSlot component={component} />);
    await shown(container, 'failed: chunk failed');
  });

  it('a screen not about to be drawn (no permission, an invalid address) is not loaded', async () => {
    const { component, asked } = chunk(0);
    const container = draw(<ScreenSlot component={component} wanted={false} />);
    await shown(container, 'loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toBe(0);
  });
});

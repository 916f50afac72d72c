import { useLayoutEffect, useRef, useState } from 'react';

/** Room kept below the grid for its footer (pagination) and the page's margin. */
const BELOW = 90;
const LEAST = 320;
/** A row and the header as the theme draws them (rows with wrapped text are taller). */
const ROW = 42;
const HEADER = 56;

/**
 * The grid's height: undefined while its rows fit the window below it (the grid is as high as
 * its rows), else the window's height left below its top, so the page's footer stays in view
 * and the rows scroll inside the grid.
 */
export function useFillHeight(rows: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top;
      if (top === undefined) return;
      setAvailable(Math.max(LEAST, Math.floor(window.innerHeight - top - BELOW)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const needed = HEADER + rows * ROW;
  return { ref, height: available !== undefined && needed > available ? available : undefined };
}

import { useLayoutEffect, useRef, useState } from 'react';

/** Room kept below the grid for its footer (pagination) and the page's margin. */
const BELOW = 90;
const LEAST = 360;

/**
 * The grid's height: undefined while its rows fit the window below it (the grid is as high as
 * its rows), else the window's height left below its top, so the footer stays in view and the
 * rows scroll inside the grid. Measured again when the rows change and when the window does.
 */
export function useFillHeight(rows: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const available = () =>
      Math.max(LEAST, Math.floor(window.innerHeight - box.getBoundingClientRect().top - BELOW));
    // Rows as high as they are, then limited if they are higher than the room.
    setHeight(undefined);
    const measure = () => {
      const room = available();
      setHeight((current) =>
        current !== undefined ? room : box.offsetHeight > room ? room : undefined,
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [rows]);
  return { ref, height };
}

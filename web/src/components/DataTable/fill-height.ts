import { useLayoutEffect, useRef, useState } from 'react';

/** Room kept below the grid for its footer (pagination) and the page's margin. */
const BELOW = 90;
const LEAST = 360;
/**
 * The least height of a grid row and of its header, in px (AG Grid's quartz theme draws 42; a
 * wrapped name only makes a row taller): a page of more rows than fit at this height can never be
 * as high as its rows.
 */
export const ROW_LEAST = 40;

/**
 * The grid's height: undefined while its rows fit the window below it (the grid is as high as
 * its rows), else the window's height left below its top, so the footer stays in view and the
 * rows scroll inside the grid. Measured again when the rows change and when the window does.
 *
 * Rows that cannot fit even at their least height take the room at once, in the render that
 * brings them: the grid then draws only the rows in view, instead of first laying out every row
 * at its own height (AG Grid's autoHeight layout draws them all) and only then being limited.
 */
export function useFillHeight(rows: readonly unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  // The window's height left below the grid's top, as last measured.
  const [room, setRoom] = useState<number>();
  // Whether the rows, drawn at their own height, were found higher than the room.
  const [limited, setLimited] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const available = () =>
      Math.max(LEAST, Math.floor(window.innerHeight - box.getBoundingClientRect().top - BELOW));
    // Rows as high as they are, then limited if they are higher than the room.
    setLimited(false);
    const measure = () => {
      const space = available();
      setRoom(space);
      setLimited((current) => current || box.offsetHeight > space);
    };
    setRoom(available());
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [rows]);
  const neverFits = room !== undefined && (rows.length + 1) * ROW_LEAST > room;
  return { ref, height: limited || neverFits ? room : undefined };
}

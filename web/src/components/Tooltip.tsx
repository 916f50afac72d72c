import { Tooltip as MuiTooltip, type TooltipProps } from '@mui/material';
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

type Handler<E> = ((event: E) => void) | undefined;

interface ChildProps {
  onPointerOver?: Handler<PointerEvent<HTMLElement>>;
  onPointerLeave?: Handler<PointerEvent<HTMLElement>>;
  onPointerDown?: Handler<PointerEvent<HTMLElement>>;
  onPointerUp?: Handler<PointerEvent<HTMLElement>>;
  onPointerCancel?: Handler<PointerEvent<HTMLElement>>;
  onFocus?: Handler<FocusEvent<HTMLElement>>;
  onBlur?: Handler<FocusEvent<HTMLElement>>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  title?: string;
}

/** MUI's own delays: before a hovered element's tooltip shows; a long press; a touch's tooltip. */
const ENTER_DELAY_MS = 100;
const LONG_PRESS_MS = 700;
const TOUCH_SHOWN_MS = 1500;

/**
 * The app's tooltip: a short text shown by an element when pointed at, focused from the keyboard
 * or pressed long on a touch screen. MUI draws it, but only once the element is first pointed at
 * or focused: a list shows a few tooltips in every row (a row's action buttons), and MUI's
 * tooltip costs its hooks and styled parts even while closed — on the costs list (50 rows, three
 * each) about a tenth of the time to the first rows. The element itself is never drawn again for
 * it (it keeps its focus and its press), and it carries from the start what MUI's tooltip gives
 * it: the text as its name, unless it names itself, or with `describeChild` as its description.
 */
export function Tooltip(props: {
  title: string;
  children: ReactElement;
  placement?: TooltipProps['placement'];
  describeChild?: boolean;
}) {
  // The element the tooltip points at, once it has been shown (MUI's tooltip exists from then on).
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const later = (ms: number, action: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      action();
    }, ms);
  };
  const show = (element: HTMLElement, ms: number) => {
    if (props.title)
      later(ms, () => {
        setAnchor(element);
        setOpen(true);
      });
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setOpen(false);
  };

  const child = props.children as ReactElement<ChildProps>;
  const own = child.props;
  const calls =
    <E,>(mine: (event: E) => void, theirs: Handler<E>) =>
    (event: E) => {
      theirs?.(event);
      mine(event);
    };
  const naming = props.describeChild
    ? open
      ? { 'aria-describedby': own['aria-describedby'] ?? id }
      : { title: own.title ?? props.title }
    : { 'aria-label': own['aria-label'] ?? (props.title || undefined) };

  return (
    <>
      {cloneElement(child, {
        ...naming,
        onPointerOver: calls((event: PointerEvent<HTMLElement>) => {
          if (event.pointerType === 'mouse' && !open && timer.current === undefined)
            show(event.currentTarget, ENTER_DELAY_MS);
        }, own.onPointerOver),
        onPointerLeave: calls((event: PointerEvent<HTMLElement>) => {
          if (event.pointerType === 'mouse') hide();
        }, own.onPointerLeave),
        onPointerDown: calls((event: PointerEvent<HTMLElement>) => {
          if (event.pointerType !== 'mouse') show(event.currentTarget, LONG_PRESS_MS);
        }, own.onPointerDown),
        onPointerUp: calls((event: PointerEvent<HTMLElement>) => {
          if (event.pointerType === 'mouse') return;
          if (open) later(TOUCH_SHOWN_MS, () => setOpen(false));
          else hide();
        }, own.onPointerUp),
        onPointerCancel: calls(hide, own.onPointerCancel),
        onFocus: calls((event: FocusEvent<HTMLElement>) => {
          // As MUI's: a focus from the keyboard shows it, not the focus a click gives.
          if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget, 0);
        }, own.onFocus),
        onBlur: calls(hide, own.onBlur),
      })}
      {anchor && (
        <MuiTooltip
          title={props.title}
          placement={props.placement}
          describeChild={props.describeChild}
          id={id}
          open={open}
          // MUI's own closing (Escape; the pointer leaving the tooltip itself) and reopening (the
          // pointer back on the tooltip before it has gone).
          onOpen={() => setOpen(true)}
          onClose={hide}
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          {/* MUI's tooltip needs an element of its own; it points at the anchor above. */}
          <span hidden />
        </MuiTooltip>
      )}
    </>
  );
}

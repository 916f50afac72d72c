import { alpha, type Theme } from '@mui/material';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';

/**
 * A row's action buttons are plain elements styled once for the whole page
 * (`rowIconButtonStyles`, in the application's global styles): they look as MUI's small
 * IconButton — round, the icons' grey, shaded when pointed at, pressed or focused from the
 * keyboard, greyed when disabled. A list draws two or three in every row, and MUI's IconButton
 * costs its ButtonBase (ripple, focus tracking, styled parts) in each (docs/web.md "First rows":
 * the costs list's in-app navigation about 30 ms shorter without them).
 */
export function RowIconButton({
  ref,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className="row-icon-button" ref={ref} {...props}>
      {children}
    </button>
  );
}

/** A row's action that opens an address of the app (the router's link), drawn as RowIconButton. */
export function RowIconLink({
  ref,
  to,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  ref?: Ref<HTMLAnchorElement>;
  to: string;
  'data-testid'?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className="row-icon-button" ref={ref} {...props}>
      {children}
    </Link>
  );
}

/** The look of RowIconButton and RowIconLink: MUI's small IconButton with a small icon, 30 px. */
export const rowIconButtonStyles = (theme: Theme) => ({
  '.row-icon-button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box' as const,
    width: 30,
    height: 30,
    padding: 5,
    margin: 0,
    border: 0,
    borderRadius: '50%',
    outline: 0,
    backgroundColor: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    verticalAlign: 'middle',
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': {
      backgroundColor: alpha(theme.palette.action.active, theme.palette.action.hoverOpacity),
    },
    '&:focus-visible, &:active': {
      backgroundColor: alpha(theme.palette.action.active, theme.palette.action.focusOpacity),
    },
    '&:disabled': {
      color: theme.palette.action.disabled,
      backgroundColor: 'transparent',
      cursor: 'default',
      pointerEvents: 'none' as const,
    },
  },
});

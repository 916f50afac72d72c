// A list's filter fields drawn right after the screen (docs/web.md "First rows"): MUI's fields
// are costly to draw (the costs list's panel of ten took about as long as the grid's first rows),
// and drawn with the screen they kept the rows waiting. Until they are drawn, each field is its
// outline, the same size in the same place, so nothing on the screen moves when they arrive.
import { alpha, Box, type Theme } from '@mui/material';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * False on a component's first render, true right after it: the update is a transition, which
 * React draws in slices and sets aside for any update that cannot wait (the list's rows arriving).
 */
export function useDrawnAfterFirstRender(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}

/** A field as its outline shows it. */
export interface FieldOutline {
  /** i18n key of the label. */
  label: string;
  /** MUI's field size: small (40 px high) or medium (56 px, the form fields' default). */
  size: 'small' | 'medium';
  /** i18n key of the hint under the field, if any. */
  hint?: string;
  /** The label sits on the top edge: the field shows a value (a choice's "any" counts). */
  shrink?: boolean;
  /** The value shown (already translated), when known without asking the server. */
  value?: string;
}

/**
 * How the outlines look (the `sx` of the grid that lays the fields out), measured against MUI's
 * outlined TextField: 40 px high (small) or 56 (medium), a 1 px border; the label in the body's
 * type 9 px (small) or 16 px (medium) from the top and 14 px from the left, or 12 px high on the
 * top edge once shrunk; the value where the input's text is; the hint 4 px under it, in the
 * caption's type.
 */
export const fieldOutlineParts = (theme: Theme) => ({
  '& .field-outline': {
    position: 'relative',
    height: 40,
    border: `1px solid ${alpha(theme.palette.text.primary, 0.23)}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    '&.medium': { height: 56 },
  },
  '& .field-outline-label, & .field-outline-value': {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'absolute',
    left: 13,
    top: 8,
    maxWidth: 'calc(100% - 26px)',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .field-outline-label': { color: theme.palette.text.secondary },
  '& .medium .field-outline-label': { top: 15 },
  '& .field-outline-label.shrink': {
    top: -10,
    left: 8,
    px: '5px',
    fontSize: '0.75rem',
    backgroundColor: theme.palette.background.paper,
  },
  '& .field-outline-value': { color: theme.palette.text.primary },
  '& .medium .field-outline-value': { top: 15.5 },
  '& .field-outline-hint': {
    ...theme.typography.caption,
    m: '4px 14px 0',
    color: theme.palette.text.secondary,
  },
});

/** One field's outline (inside a box styled by `fieldOutlineParts`). */
function Outline(props: { field: FieldOutline }) {
  const { t } = useTranslation();
  const { field } = props;
  return (
    <div data-testid="field-outline">
      <div className="field-outline-sizer" />
      <div className={`field-outline ${field.size}`}>
        <span className={field.shrink ? 'field-outline-label shrink' : 'field-outline-label'}>
          {t(field.label)}
        </span>
        {field.value && <span className="field-outline-value">{field.value}</span>}
      </div>
      {field.hint && <p className="field-outline-hint">{t(field.hint)}</p>}
    </div>
  );
}

/** The outlines of a form's fields: plain elements, one child of the caller's grid per field. */
export function FieldOutlines(props: { fields: FieldOutline[] }) {
  return props.fields.map((field) => <Outline key={field.label} field={field} />);
}

/**
 * One field's outline on its own (a toolbar's field), sized as MUI's FormControl sizes itself: as
 * wide as its input (`inputWidth`, what the input takes of itself) or its hint, whichever is
 * wider, in a row; the whole width of a grid's cell; the container's with `fullWidth`.
 */
export function FieldOutlineBox(props: {
  field: FieldOutline;
  inputWidth: number;
  fullWidth?: boolean;
}) {
  return (
    <Box
      sx={(theme) => ({
        display: 'inline-flex',
        flexDirection: 'column',
        verticalAlign: 'top',
        minWidth: 0,
        ...(props.fullWidth ? { width: '100%' } : {}),
        '& .field-outline-sizer': { width: props.inputWidth, maxWidth: '100%', height: 0 },
        ...fieldOutlineParts(theme),
      })}
    >
      <Outline field={props.field} />
    </Box>
  );
}

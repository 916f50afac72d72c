// A list's filters as the values of its filter dialog's form, and back: one conversion for every
// list, from the filters' URL codecs (table-state.ts), so that a dialog lists only its fields.
import { decimalValue } from '../form/money-input.ts';
import { filterCodecs, type FilterCodec, type RecordRef, type TableConfig } from './table-state.ts';

/** A form value: records as their id, flags as a checkbox, the rest as the URL writes them. */
export type FilterFormValues<F> = { [K in keyof F]: F[K] extends boolean ? boolean : string };

type Entry = [string, { initial: unknown; codec: FilterCodec<unknown> }];

/** How a filter sits in the form, from its codec. */
function formKind(codec: unknown): 'record' | 'flag' | 'decimal' | 'other' {
  if (codec === filterCodecs.record) return 'record';
  if (codec === filterCodecs.flag) return 'flag';
  if (codec === filterCodecs.decimal) return 'decimal';
  return 'other';
}

const entries = <F>(config: TableConfig<F>) => Object.entries(config.filters) as Entry[];

/** The dialog's initial values from the list's filters. */
export function filterFormValues<F>(config: TableConfig<F>, filters: F): FilterFormValues<F> {
  const current = filters as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, filter] of entries(config)) {
    const value = current[name];
    const kind = formKind(filter.codec);
    if (kind === 'record') values[name] = (value as RecordRef | null)?.id ?? '';
    else if (kind === 'flag') values[name] = Boolean(value);
    else values[name] = filter.codec.format(value) ?? '';
  }
  return values as FilterFormValues<F>;
}

/**
 * The filters from the dialog's values. A chosen record is named by `labels` (what the picker
 * showed), or keeps the name it had; a value the URL could not read leaves the filter unset.
 */
export function filtersFromForm<F>(
  config: TableConfig<F>,
  filters: F,
  values: FilterFormValues<F>,
  labels: Record<string, string>,
): F {
  const current = filters as Record<string, unknown>;
  const typed = values as Record<string, unknown>;
  const next: Record<string, unknown> = { ...current };
  for (const [name, filter] of entries(config)) {
    const value = typed[name];
    const kind = formKind(filter.codec);
    if (kind === 'record') {
      const was = current[name] as RecordRef | null;
      const id = String(value ?? '');
      next[name] = id ? { id, label: labels[name] ?? (was?.id === id ? was.label : id) } : null;
    } else if (kind === 'flag') {
      next[name] = Boolean(value);
    } else {
      const text = String(value ?? '').trim();
      const raw = kind === 'decimal' ? decimalValue(text) : text;
      next[name] = raw ? (filter.codec.parse(raw) ?? filter.initial) : filter.initial;
    }
  }
  return next as F;
}

/** Every filter back to its initial value, but those named in `keep` (a view, not a filter). */
export function clearedFilters<F>(config: TableConfig<F>, filters: F, keep: (keyof F)[] = []): F {
  const next: Record<string, unknown> = { ...(filters as Record<string, unknown>) };
  for (const [name, filter] of entries(config)) {
    if (!keep.includes(name as keyof F)) next[name] = filter.initial;
  }
  return next as F;
}

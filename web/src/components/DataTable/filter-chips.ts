// One chip builder for every list: a removable chip for each filter that differs from its default.
import { formatDate } from '../format.ts';
import type { FilterChip } from './DataTable.tsx';
import type { RecordRef, TableConfig } from './table-state.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const isRecord = (value: unknown): value is RecordRef =>
  typeof value === 'object' && value !== null && 'id' in value && 'label' in value;

/** The text of a filter's value: a date in the reader's format, a record by its name. */
export function chipValue(value: unknown, language: string): string {
  if (value instanceof Date) return formatDate(value, language);
  if (isRecord(value)) return value.label;
  if (typeof value === 'boolean') return '';
  return String(value ?? '');
}

/**
 * The chips of a list's filters. Each chip's text is `<prefix>.<filter>` with the value as
 * `{{value}}`; `format` names a value differently (a status translated, an amount as money).
 * `order` lists the filters to show (default: the config's, in its order).
 */
export function filterChips<F, K extends string>(options: {
  filters: F;
  config: TableConfig<F, K>;
  prefix: string;
  t: Translate;
  language: string;
  onRemove: <N extends keyof F>(name: N, initial: F[N]) => void;
  format?: { [N in keyof F]?: (value: F[N]) => string | undefined };
  /** The i18n key of a chip whose text is not under the prefix. */
  labels?: { [N in keyof F]?: string };
  order?: readonly (keyof F)[];
}): FilterChip[] {
  const { filters, config, t } = options;
  const names = options.order ?? (Object.keys(config.filters) as (keyof F)[]);
  const chips: FilterChip[] = [];
  for (const name of names) {
    const { initial, codec } = config.filters[name];
    const value = filters[name];
    // A value the URL would leave out is the default: no chip.
    if (codec.format(value) === codec.format(initial)) continue;
    const text = options.format?.[name]?.(value) ?? chipValue(value, options.language);
    chips.push({
      id: String(name),
      label: t(options.labels?.[name] ?? `${options.prefix}.${String(name)}`, { value: text }),
      onRemove: () => options.onRemove(name, initial),
    });
  }
  return chips;
}

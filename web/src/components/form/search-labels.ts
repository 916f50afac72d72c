import type { SearchOption } from './search/sources.ts';

/**
 * The names the search fields show for their chosen ids, kept with a draft so that a restored
 * wizard shows "Alfa Retail", not an empty field holding an id.
 */
export interface SearchLabels {
  field: (name: string) => {
    selected: SearchOption | null;
    onChosen: (option: SearchOption | null) => void;
  };
}

export function searchLabels(
  labels: Record<string, SearchOption>,
  onChange: (labels: Record<string, SearchOption>) => void,
): SearchLabels {
  return {
    field: (name) => ({
      selected: labels[name] ?? null,
      onChosen: (option) => {
        const others = Object.entries(labels).filter(([key]) => key !== name);
        onChange(Object.fromEntries(option ? [...others, [name, option]] : others));
      },
    }),
  };
}

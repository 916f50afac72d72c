import type { TFunction } from 'i18next';

/**
 * AG Grid's own texts that the community grid shows or reads aloud (row selection, sorting,
 * check box states): the catalogue's `agGrid` block has one text per key (web/test checks both
 * ways, against the catalogue and against AG Grid's bundle).
 */
export const AG_GRID_KEYS = [
  'ariaChecked',
  'ariaUnchecked',
  'ariaIndeterminate',
  'ariaRowToggleSelection',
  'ariaRowSelectAll',
  'ariaRowSelectionDisabled',
  'ariaHeaderSelection',
  'ariaSortableColumn',
  'ariaSortableColumnWithCellSelection',
  'ariaMenuColumn',
  'ariaFilterColumn',
  'ariaColumnFiltered',
  'ariaColumnGroupExpansion',
  'ariaLabelColumnMenu',
  'ariaLabelColumnFilter',
  'ariaLabelTooltip',
  'ariaToggleCellValue',
  'ariaInputEditor',
  'ariaSkeletonCellLoading',
  'ariaSkeletonCellLoadingFailed',
  'ariaDeferSkeletonCellLoading',
  'ariaRowIndex',
  'ariaLabelInputClear',
  'ariaPageSizeSelectorLabel',
] as const;

/**
 * AG Grid's localeText in the reader's language. AG Grid fills `${variable}` itself
 * (ariaRowIndex), so the catalogue's {{index}} becomes that placeholder.
 */
export function agGridLocaleText(t: TFunction): Record<string, string> {
  return Object.fromEntries(
    AG_GRID_KEYS.map((key) => [key, t(`agGrid.${key}`, { index: '${variable}' })]),
  );
}

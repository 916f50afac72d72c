import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  LocaleModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  ValidationModule,
  themeQuartz,
} from 'ag-grid-community';

// Only the grid's features the tables use (issue "Web kit": a small bundle). In development the
// validation module names any feature used without its module (AG Grid error #200).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  // Row heights set by the table (row-heights.ts): `onRowHeightChanged`.
  ClientSideRowModelApiModule,
  RowSelectionModule,
  CellStyleModule,
  ColumnApiModule,
  RowApiModule,
  CellApiModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/** Cells padded 8 px a side (the theme's 16 leaves a laptop's table short of room). */
export const THEME = themeQuartz.withParams({ cellHorizontalPaddingScale: 0.5 });

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

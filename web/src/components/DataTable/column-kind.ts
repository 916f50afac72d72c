/** What a column shows, which decides its width (column-defs.tsx) and how an export writes it. */
export type ColumnKind =
  'id' | 'number' | 'status' | 'money' | 'date' | 'datetime' | 'short' | 'name' | 'text';

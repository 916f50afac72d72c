/** The columns a history never names (kept by the database for itself; project_keys, the text
 *  twin of project_ids, is not even recorded: 0309). */
export const HIDDEN_FIELDS = new Set([
  'updated_at',
  'created_at',
  'project_ids',
  'project_keys',
  'id',
]);

/** The columns a history never names (kept by the database for itself). */
export const HIDDEN_FIELDS = new Set(['updated_at', 'created_at', 'project_ids', 'id']);

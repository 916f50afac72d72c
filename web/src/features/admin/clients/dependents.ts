import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client.ts';
import { RecordDependentRowsDocument, RecordDependentsDocument } from '../../../api/generated.ts';
import { api } from '../../../app/services.ts';

/** The tables whose rows can keep an admin record from being deleted (record_dependents). */
export type DependentTable =
  'clients' | 'suppliers' | 'subsidiaries' | 'services' | 'projects' | 'cost_types' | 'roles';

/**
 * Deletes, and when the database refuses because other records refer to this one (SPEC §8
 * "Other entities depend on it."), says what they are: "used by 12 bills, 3 documents", and
 * names the ones the caller can see (`details.dependentRows`, linked by the reference table).
 */
export async function deleteNamingDependents(
  t: TFunction,
  table: DependentTable,
  id: string,
  remove: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return await remove();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'IsConstraintViolation') throw error;
    const [data, named] = await Promise.all([
      api.request(RecordDependentsDocument, { tableName: table, id }).catch(() => undefined),
      api.request(RecordDependentRowsDocument, { tableName: table, id }).catch(() => undefined),
    ]);
    const dependentRows = (named?.recordDependentRows?.nodes ?? []).flatMap((node) =>
      node?.tableName && node.id
        ? [{ tableName: node.tableName, id: node.id, label: node.label ?? node.id }]
        : [],
    );
    const list = (data?.recordDependents?.nodes ?? [])
      .flatMap((node) => (node?.tableName ? [node] : []))
      .map((node) =>
        t([`clients.dependents.${node.tableName}`, 'clients.dependents.other'], {
          count: node.count ?? 0,
        }),
      );
    if (!list.length) throw error;
    throw new ApiError('graphql', 'DependsOn', error.message, {
      dependents: list.join(', '),
      dependentRows,
    });
  }
}

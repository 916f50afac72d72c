import {
  AllCostTypesDocument,
  CreateCostTypeDocument,
  DeleteCostTypeDocument,
  SetCostTypeArchivedDocument,
  UpdateCostTypeDocument,
  type CostTypeOrderBy,
} from '../../../api/generated.ts';
import { referenceRows } from '../../../components/reference-rows.ts';
import { NamedReferencePage } from '../NamedReferencePage.tsx';

export default function CostTypesPage() {
  return (
    <NamedReferencePage<CostTypeOrderBy>
      reference={{
        table: 'cost_types',
        kind: 'CostType',
        prefix: 'costTypes',
        title: 'titles.costTypes',
        testId: 'cost-types-table',
        dialogTestId: 'cost-type-dialog',
        useRows: referenceRows(AllCostTypesDocument, ['CostType'], (data) => data.allCostTypes),
        create: CreateCostTypeDocument,
        update: UpdateCostTypeDocument,
        remove: DeleteCostTypeDocument,
        setArchived: SetCostTypeArchivedDocument,
      }}
    />
  );
}

import {
  AllServicesDocument,
  CreateServiceDocument,
  DeleteServiceDocument,
  SetServiceArchivedDocument,
  UpdateServiceDocument,
  type ServiceOrderBy,
} from '../../../api/generated.ts';
import { referenceRows } from '../../../components/reference-rows.ts';
import { NamedReferencePage } from '../NamedReferencePage.tsx';

export default function ServicesPage() {
  return (
    <NamedReferencePage<ServiceOrderBy>
      reference={{
        table: 'services',
        kind: 'Service',
        prefix: 'services',
        title: 'titles.services',
        testId: 'services-table',
        dialogTestId: 'service-dialog',
        useRows: referenceRows(AllServicesDocument, ['Service'], (data) => data.allServices),
        create: CreateServiceDocument,
        update: UpdateServiceDocument,
        remove: DeleteServiceDocument,
        setArchived: SetServiceArchivedDocument,
      }}
    />
  );
}

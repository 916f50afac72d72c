import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RecordKind } from '../../../api/cache.ts';
import { ImportReferenceDataDocument } from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { ImportPreviewDialog } from '../../../components/ImportPreviewDialog.tsx';
import {
  readReferenceFile,
  REFERENCE_COLUMNS,
  type ReferenceKind,
  type ReferenceRow,
} from './reference-file.ts';

const TITLES: Record<ReferenceKind, string> = {
  clients: 'titles.clients',
  suppliers: 'titles.supplier',
  projects: 'titles.projects',
};

const READS: Record<ReferenceKind, RecordKind> = {
  clients: 'Company',
  suppliers: 'Company',
  projects: 'Project',
};

/** The file's rows with the problems the database finds in each; then all rows at once, or none. */
export function ImportDialog(props: { kind: ReferenceKind; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useGraphQLMutation(ImportReferenceDataDocument, [READS[props.kind]]);
  const check = async (rows: ReferenceRow[], dryRun: boolean) => {
    const result = await run.mutateAsync({ kind: props.kind, rows, dryRun });
    return (result.importReferenceData?.result ?? []).flatMap((p) =>
      p?.line && p.code
        ? [
            {
              line: p.line,
              text: t(`errors.codes.${p.code}`, { defaultValue: p.message ?? '', dependents: '' }),
            },
          ]
        : [],
    );
  };
  return (
    <ImportPreviewDialog<ReferenceRow>
      title={t('referenceData.importTitle', { what: t(TITLES[props.kind]) })}
      help={
        <>
          <Typography color="text.secondary">{t('referenceData.importHelp')}</Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {REFERENCE_COLUMNS[props.kind].join(', ')}
          </Typography>
        </>
      }
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      columns={REFERENCE_COLUMNS[props.kind].slice(0, 3).map((column) => ({
        header: column,
        value: (row) => row[column],
      }))}
      read={(file) => readReferenceFile(props.kind, file)}
      check={(rows) => check(rows, true)}
      apply={async (rows) => {
        await check(rows, false);
        return rows.length;
      }}
      summary={(count, bad) =>
        `${t('referenceData.rows', { count })} · ${
          bad ? t('errors.codes.ImportHasErrors') : t('referenceData.noProblems')
        }`
      }
      imported={(count) => t('referenceData.imported', { count })}
      chooseLabel="referenceData.chooseFile"
      applyLabel="referenceData.importAll"
      testIds={{
        dialog: 'reference-import-dialog',
        file: 'reference-file',
        summary: 'reference-summary',
        apply: 'reference-apply',
        imported: 'reference-imported',
      }}
      onClose={props.onClose}
    />
  );
}

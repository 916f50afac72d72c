import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { EditDocumentDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ChildrenEditor } from './ChildrenEditor.tsx';
import type { Candidate } from './ConnectPicker.tsx';
import { DocumentFields } from './DocumentFields.tsx';
import {
  changedDocumentData,
  documentSchema,
  documentValues,
  HAS_PARENT,
  selectedOf,
  type DocumentFormValues,
} from './document-values.ts';
import { type DocumentDetails, documentRoute } from './document-parts.tsx';
import { useSaveAccess } from './use-save-access.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { recordLink } from '../../components/record-link.ts';

/** Document edit (SPEC §2): the fields and, in the same save, child documents connected and
 *  disconnected (editDocument runs them in one transaction). */
export default documentRoute(EditForm);

function EditForm({ document: doc }: { document: DocumentDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const edit = useGraphQLMutation(EditDocumentDocument, ['Document']);
  const saveAccess = useSaveAccess();
  const [failure, setFailure] = useState<unknown>();
  const [connect, setConnect] = useState<Candidate[]>([]);
  const [disconnect, setDisconnect] = useState<string[]>([]);
  /** What the save would do beyond this document, asked before it is sent. */
  const [asking, setAsking] = useState<{ text: string; values: DocumentFormValues }>();
  const children = doc.children.nodes.filter((node) => node !== null);
  const initial = documentValues(doc);

  if (!doc.availableActions?.includes('edit')) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning" data-testid="cannot-edit">
          {t('documents.cannotEdit')}
        </Alert>
      </Box>
    );
  }

  /** The consequences the user should confirm: leaving the current parent, moving documents from
   *  their parents, and unlinking the subsidiary this document is the linked document of. */
  const consequences = (values: DocumentFormValues): string[] => {
    const said: string[] = [];
    const parentNow = doc.parent?.id ?? '';
    const parentAfter = HAS_PARENT.includes(values.type) ? values.contractReference : '';
    if (doc.parent && parentAfter !== parentNow) {
      said.push(t('documentHierarchy.leavesParent', { name: doc.name, parent: doc.parent.name }));
    }
    for (const candidate of connect) {
      if (candidate.parentName) {
        said.push(
          t('documentHierarchy.movesChild', { name: candidate.name, parent: candidate.parentName }),
        );
      }
    }
    const linked = doc.subsidiariesByLinkedDocumentId.nodes.filter((node) => node !== null);
    if (linked.length && values.principalId !== initial.principalId) {
      said.push(
        t('documentHierarchy.unlinksSubsidiary', {
          subsidiary: linked.map((node) => node.legalName).join(', '),
        }),
      );
    }
    return said;
  };

  const save = async (values: DocumentFormValues) => {
    setFailure(undefined);
    try {
      await edit.mutateAsync({
        id: doc.id,
        data: changedDocumentData(initial, values),
        connectIds: connect.map((c) => c.id),
        disconnectIds: disconnect,
        // Asked above: documents under another parent move only when the user said so.
        moveIds: connect.filter((c) => c.parentName).map((c) => c.id),
      });
      await saveAccess(doc.id, initial, values);
      void navigate(recordLink('document', doc.id));
    } catch (error) {
      setFailure(error);
    }
  };

  const submit = async (values: DocumentFormValues) => {
    const said = consequences(values);
    if (said.length) setAsking({ text: said.join(' '), values });
    else await save(values);
  };

  return (
    <Box sx={{ p: 3 }}>
      <PageTitle
        title={t('documents.editTitle', { name: doc.name })}
        back={{ to: recordLink('document', doc.id), label: 'documents.backToDocument' }}
      />
      <Formik<DocumentFormValues>
        initialValues={initial}
        validationSchema={documentSchema}
        onSubmit={submit}
      >
        {(form) => (
          <Form noValidate data-testid="document-form">
            <Paper sx={{ p: 3, mb: 2 }}>
              <DocumentFields
                selected={selectedOf(doc)}
                documentId={doc.id}
                parentName={doc.parent?.name}
                showAccess={Boolean(doc.canDelete)}
              />
            </Paper>
            <ChildrenEditor
              documentId={doc.id}
              childDocuments={children}
              connect={connect}
              setConnect={setConnect}
              disconnect={disconnect}
              setDisconnect={setDisconnect}
            />
            {failure !== undefined && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="save-error">
                {errorMessage(t, failure)}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to={recordLink('document', doc.id)}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={form.isSubmitting}
                data-testid="save"
              >
                {t('common.save')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('documentHierarchy.confirmTitle')}
        text={asking?.text ?? ''}
        confirmLabel="common.save"
        onClose={() => setAsking(undefined)}
        onConfirm={() => {
          const values = asking?.values;
          setAsking(undefined);
          if (values) void save(values);
        }}
      />
    </Box>
  );
}

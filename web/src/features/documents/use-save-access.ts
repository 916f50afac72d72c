import {
  AddDocumentEditorDocument,
  AddDocumentReaderDocument,
  RemoveDocumentEditorDocument,
  RemoveDocumentReaderDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import type { DocumentFormValues, Person } from './document-values.ts';

const ids = (people: Person[]) => new Set(people.map((person) => person.id));

/** Saves who reads and who edits a document: adds the new ones, removes the dropped ones. */
export function useSaveAccess() {
  const addReader = useGraphQLMutation(AddDocumentReaderDocument, ['Document', 'User']);
  const removeReader = useGraphQLMutation(RemoveDocumentReaderDocument, ['Document', 'User']);
  const addEditor = useGraphQLMutation(AddDocumentEditorDocument, ['Document', 'User']);
  const removeEditor = useGraphQLMutation(RemoveDocumentEditorDocument, ['Document', 'User']);
  return async (
    documentId: string,
    before: Pick<DocumentFormValues, 'readers' | 'editors'>,
    after: Pick<DocumentFormValues, 'readers' | 'editors'>,
  ) => {
    const pairs = [
      [before.readers, after.readers, addReader, removeReader],
      [before.editors, after.editors, addEditor, removeEditor],
    ] as const;
    for (const [old, next, add, remove] of pairs) {
      const was = ids(old);
      const now = ids(next);
      for (const userId of now) if (!was.has(userId)) await add.mutateAsync({ documentId, userId });
      for (const userId of was)
        if (!now.has(userId)) await remove.mutateAsync({ documentId, userId });
    }
  };
}

import { Close, UploadFile } from '@mui/icons-material';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FindFilesByHashesDocument } from '../../api/generated.ts';
import { uploadFiles } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { formatFileSize } from '../format.ts';
import {
  admit,
  duplicateCheckOn,
  setDuplicateCheck,
  sha256Of,
  type PickedFile,
  type Refusal,
} from './file-rules.ts';

interface FileDropZoneProps {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** While uploading: no adding or removing. */
  disabled?: boolean;
  testId?: string;
}

let counter = 0;

/** Where already stored copies of these contents are attached (files the account can see). */
async function storedCopies(hashes: string[]): Promise<Map<string, Refusal['where']>> {
  const found = new Map<string, Refusal['where']>();
  if (hashes.length === 0) return found;
  const data = await api.request(FindFilesByHashesDocument, { hashes });
  for (const node of data.findFilesByHashes?.nodes ?? []) {
    if (!node) continue;
    const places = node.attachedTo.nodes.flatMap((place) =>
      place?.kind && place.recordId ? [{ kind: place.kind, recordId: place.recordId }] : [],
    );
    found.set(node.sha256, [...(found.get(node.sha256) ?? []), ...places]);
  }
  return found;
}

/**
 * Files chosen or dropped for an upload (SPEC §5): 5 MB each, one .pdf and one .sig at most,
 * duplicates skipped while the duplicate check is on; each file's progress while it uploads.
 */
export function FileDropZone(props: FileDropZoneProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const [checkDuplicates, setCheckDuplicates] = useState(duplicateCheckOn);

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setChecking(true);
    try {
      const incoming = await Promise.all(
        chosen.map(async (file) => ({ key: `f${++counter}`, file, sha256: await sha256Of(file) })),
      );
      const hashes = incoming.flatMap((file) => (file.sha256 ? [file.sha256] : []));
      // Without the check, nothing is asked of the server.
      const stored = checkDuplicates
        ? await storedCopies(hashes).catch(() => new Map<string, Refusal['where']>())
        : undefined;
      const result = admit(props.files, incoming, { checkDuplicates, stored });
      setRefused(result.refused);
      props.onChange(result.files);
    } finally {
      setChecking(false);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!props.disabled) void add([...event.dataTransfer.files]);
  };

  const duplicates = refused.some((r) => r.reason === 'duplicate' || r.reason === 'stored');
  return (
    <Box data-testid={props.testId ?? 'file-drop-zone'}>
      <Box
        component="label"
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          p: 3,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          color: props.disabled ? 'text.disabled' : 'text.secondary',
          cursor: props.disabled ? 'default' : 'pointer',
          textAlign: 'center',
        }}
      >
        <UploadFile />
        <Typography>{t('files.drop')}</Typography>
        <Typography variant="caption">{t('files.limits')}</Typography>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          hidden
          disabled={props.disabled}
          accept=".pdf,.sig,.png,.jpg,.jpeg,.gif,.webp"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            // The same file may be chosen again after being removed.
            event.target.value = '';
          }}
        />
      </Box>
      {checking && <LinearProgress sx={{ mt: 1 }} aria-label={t('files.checking')} />}
      {refused.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefused([])}>
          {refused.map((refusal) => (
            <div key={`${refusal.reason}-${refusal.name}`}>
              {t(`files.refused.${refusal.reason}`, {
                name: refusal.name,
                where: (refusal.where ?? [])
                  .map((place) =>
                    // A record number names it; a UUID (documents, avatars) says nothing to a reader.
                    /^\d+$/.test(place.recordId)
                      ? t('files.attachedTo', {
                          kind: t(`files.kinds.${place.kind}`),
                          id: place.recordId,
                        })
                      : t(`files.kinds.${place.kind}`),
                  )
                  .join(', '),
              })}
            </div>
          ))}
          {duplicates && (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  onChange={(event) => {
                    setDuplicateCheck(!event.target.checked);
                    setCheckDuplicates(!event.target.checked);
                  }}
                />
              }
              label={t('files.dontShowAgain')}
            />
          )}
        </Alert>
      )}
      {!checkDuplicates && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              size="small"
              checked={false}
              onChange={() => {
                setDuplicateCheck(true);
                setCheckDuplicates(true);
              }}
            />
          }
          label={t('files.checkDuplicates')}
        />
      )}
      {props.files.length > 0 && (
        <List dense>
          {props.files.map((picked) => (
            <ListItem
              key={picked.key}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('files.remove', { name: picked.file.name })}
                  disabled={props.disabled}
                  onClick={() => props.onChange(props.files.filter((f) => f.key !== picked.key))}
                >
                  <Close />
                </IconButton>
              }
            >
              <ListItemText
                slotProps={{ secondary: { component: 'div' } }}
                primary={picked.file.name}
                secondary={
                  <>
                    {formatFileSize(picked.file.size, i18n.language)}
                    {picked.progress !== undefined && (
                      <LinearProgress
                        sx={{ mt: 0.5 }}
                        variant="determinate"
                        value={Math.round(picked.progress * 100)}
                        aria-label={t('files.progress', { name: picked.file.name })}
                      />
                    )}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Uploads the picked files in one request, showing each one's progress; returns their ids. */
export async function uploadPicked(
  files: PickedFile[],
  onChange: (files: PickedFile[]) => void,
): Promise<string[]> {
  onChange(files.map((file) => ({ ...file, progress: 0 })));
  return uploadFiles(
    api,
    files.map((picked) => picked.file),
    (progress) => onChange(files.map((file, i) => ({ ...file, progress: progress[i] ?? 0 }))),
  );
}

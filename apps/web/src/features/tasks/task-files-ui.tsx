import AttachFileIcon from '@mui/icons-material/AttachFile';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskDocument } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatSize } from '../../components/format-size';
import { viewerPath } from '../documents/paths';

/** Files linked to a task or an item, each a link to the viewer; unlink where allowed. */
export function FileLinks({
  files,
  firmId,
  canUnlink,
  onUnlink,
  testId,
}: {
  files: TaskDocument[];
  firmId: number;
  canUnlink: (file: TaskDocument) => boolean;
  onUnlink: (file: TaskDocument) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('tasks');
  if (files.length === 0) return null;
  return (
    <Stack spacing={0.5} data-testid={testId}>
      {files.map((file) => (
        <Stack key={file.id} direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
          <AttachFileIcon fontSize="small" color="action" />
          <Link
            component={RouterLink}
            to={viewerPath(encodeContext(firmId, file.vendor_id), file.folder_id, file.id)}
            sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            data-testid="task-file-link"
          >
            {file.name}
          </Link>
          {file.size !== null ? (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {formatSize(file.size, i18n.language)}
            </Typography>
          ) : null}
          {canUnlink(file) ? (
            <IconButton
              size="small"
              aria-label={t('files.unlink', { name: file.name })}
              onClick={() => onUnlink(file)}
            >
              <LinkOffIcon fontSize="small" />
            </IconButton>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

/** A button that picks files (several) and hands them over. */
export function AttachButton({
  label,
  busy,
  onFiles,
  testId,
}: {
  label: string;
  busy: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} /> : <AttachFileIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}

/** A titled part of the task's side panel, with an optional action on the right. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

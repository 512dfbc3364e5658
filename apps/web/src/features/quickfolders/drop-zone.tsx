import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuickfolderDto } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api';
import { documentKeys } from '../../app/query-keys';
import { useSnackbar } from '../../app/snackbars';
import { viewerPath } from '../documents/paths';
import { dropFile, useDropTargets } from './api';

type Sending = { key: number; name: string; loaded: number; total: number };

/**
 * The quick-drop folders of a client file the person may drop into: one card each, a drop target
 * and a file picker. Files go one after the other with their progress; each filed one is told in
 * a snackbar with a link to it in the viewer; a refusal is told in the snackbar.
 * `hideWhenEmpty`: the home page shows nothing when there is no quick-drop.
 */
export function QuickDropZone({
  firmId,
  vendorId,
  hideWhenEmpty = false,
}: {
  firmId: number;
  vendorId: number;
  hideWhenEmpty?: boolean;
}) {
  const { t } = useTranslation('quickfolders');
  const targets = useDropTargets(vendorId);
  if (targets.isPending) return hideWhenEmpty ? null : <LinearProgress />;
  const list = targets.data ?? [];
  if (list.length === 0)
    return hideWhenEmpty ? null : (
      <Alert severity="info" data-testid="quickdrop-empty">
        {t('drop.none')}
      </Alert>
    );
  return (
    <Stack spacing={1.5} data-testid="quickdrop-zone">
      <Typography variant="h6" component="h2">
        {t('drop.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {list.map((q) => (
          <DropCard key={q.id} firmId={firmId} vendorId={vendorId} target={q} />
        ))}
      </Box>
    </Stack>
  );
}

function DropCard({
  firmId,
  vendorId,
  target,
}: {
  firmId: number;
  vendorId: number;
  target: QuickfolderDto;
}) {
  const { t } = useTranslation('quickfolders');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [over, setOver] = useState(false);
  const [queue, setQueue] = useState<Sending[]>([]);
  const busy = queue.length > 0;

  const send = async (files: File[]) => {
    const items = files.map((f) => ({ key: nextKey.current++, name: f.name, loaded: 0, total: f.size }));
    setQueue((q) => [...q, ...items]);
    for (const [i, file] of files.entries()) {
      const item = items[i]!;
      if (file.size === 0) {
        enqueueSnackbar(t('drop.empty', { name: file.name }), { variant: 'warning' });
        setQueue((q) => q.filter((x) => x.key !== item.key));
        continue;
      }
      try {
        const filed = await dropFile(vendorId, target.id, file, (loaded, total) =>
          setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, loaded, total } : x))),
        );
        const to = viewerPath(encodeContext(firmId, vendorId), filed.folder_id, filed.document_id);
        enqueueSnackbar(t('drop.filed', { name: filed.name }), {
          variant: 'success',
          action: () => (
            <Button color="inherit" size="small" onClick={() => navigate(to)} data-testid="quickdrop-open">
              {t('drop.open')}
            </Button>
          ),
        });
        void client.invalidateQueries({ queryKey: documentKeys.all(vendorId) });
      } catch (error) {
        enqueueSnackbar(isApiError(error) ? error.message : t('drop.failed', { name: file.name }), {
          variant: 'error',
        });
      } finally {
        setQueue((q) => q.filter((x) => x.key !== item.key));
      }
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void send(files);
  };

  return (
    <Paper
      variant="outlined"
      data-testid={`quickdrop-${target.id}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        p: 2,
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CloudUploadOutlined color={over ? 'primary' : 'action'} fontSize="large" />
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{target.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('drop.into', { folder: target.folder_name ?? '' })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('drop.hint')}
        </Typography>
        <Button variant="contained" size="small" onClick={() => input.current?.click()} disabled={busy}>
          {t('drop.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid={`quickdrop-input-${target.id}`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void send(files);
          }}
        />
        {queue.map((s) => (
          <Box key={s.key} sx={{ width: '100%' }} data-testid="quickdrop-progress">
            <Typography variant="caption" noWrap component="div">
              {s.name}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={s.total ? Math.min(100, (100 * s.loaded) / s.total) : 0}
              aria-label={t('drop.sending', { name: s.name })}
            />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

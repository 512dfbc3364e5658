import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../components/format-size';
import { documentUploads } from './resume-store';
import { useUploads } from './use-uploads';

/**
 * The folder's uploads left unfinished (the browser was closed, a failure taken off the panel)
 * that the server may still hold: picking the same file again here resumes it. Those in the
 * panel are not repeated; "forget" gives them up (the server drops their chunks after a day).
 */
export function InterruptedUploads({ vendorId, folderId }: { vendorId: number; folderId: number }) {
  const { t, i18n } = useTranslation('documents');
  const items = useUploads();
  const [forgotten, setForgotten] = useState(0);
  // The entries the server no longer holds go once, when the notice shows (not on every render).
  useEffect(() => documentUploads.forgetExpired(), []);
  // Read again when the queue's files change (added, cleared), not on each progress event.
  const inQueue = items.map((i) => i.key).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `inQueue` and `forgotten` tell when the stored entries changed.
  const kept = useMemo(
    () => documentUploads.unfinishedIn({ vendorId, folderId }),
    [vendorId, folderId, inQueue, forgotten],
  );
  const unfinished = useMemo(() => {
    const inPanel = new Set(inQueue.split('\n'));
    return kept.filter((u) => !inPanel.has(u.key));
  }, [kept, inQueue]);
  if (unfinished.length === 0) return null;
  const forget = () => {
    for (const u of unfinished) documentUploads.forget(u.key);
    setForgotten((n) => n + 1);
  };
  return (
    <Alert
      severity="info"
      data-testid="interrupted-uploads"
      sx={{ mx: 1, mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={forget}>
          {t('upload.interrupted.forget')}
        </Button>
      }
    >
      <AlertTitle>{t('upload.interrupted.title')}</AlertTitle>
      {t('upload.interrupted.text')}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {unfinished.map((u) => (
          <li key={u.key}>
            {u.relativePath} ({formatSize(u.size, i18n.language)})
          </li>
        ))}
      </Box>
    </Alert>
  );
}

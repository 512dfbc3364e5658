import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../format-size';
import { forgetIdentifier, unfinishedIn } from './resume-store';
import { useUploads } from './use-uploads';

/**
 * The folder's uploads left unfinished (the browser was closed, a failure taken off the panel)
 * that the server may still hold: picking the same file again here resumes it. Those in the
 * panel are not repeated; "forget" gives them up (the server drops their chunks after a day).
 */
export function InterruptedUploads({ vendorId, folderId }: { vendorId: number; folderId: number }) {
  const { t, i18n } = useTranslation('documents');
  const items = useUploads();
  const [, setForgotten] = useState(0);
  const inPanel = new Set(items.map((i) => i.key));
  const unfinished = unfinishedIn({ vendorId, folderId }).filter((u) => !inPanel.has(u.key));
  if (unfinished.length === 0) return null;
  const forget = () => {
    for (const u of unfinished) forgetIdentifier(u.key);
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

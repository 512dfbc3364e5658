import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../components/format-size';
import type { UploadItem } from './upload-types';
import { uploadQueue, useUploads } from './use-uploads';

/** Overall progress of the files not cancelled: bytes sent over bytes to send (0..100). */
export function overallProgress(items: readonly UploadItem[]): number {
  const counted = items.filter((i) => i.state !== 'cancelled' && i.state !== 'failed');
  const total = counted.reduce((sum, i) => sum + i.size, 0);
  return total === 0 ? 100 : Math.round((100 * counted.reduce((sum, i) => sum + i.loaded, 0)) / total);
}

const COLOURS = { finished: 'success', failed: 'error', cancelled: 'inherit' } as const;

/**
 * The upload panel: each file's progress and state, the whole, cancel one or all (spec section
 * 4); a file failed on a passing error can be retried (it resumes), one refused for good says so.
 */
export function UploadPanel() {
  const { t, i18n } = useTranslation('documents');
  const items = useUploads();
  const [open, setOpen] = useState(true);
  if (items.length === 0) return null;
  const queue = uploadQueue();
  const active = items.filter((i) => i.state === 'queued' || i.state === 'running').length;
  const overall = overallProgress(items);
  return (
    <Paper
      elevation={8}
      data-testid="upload-panel"
      role="region"
      aria-label={t('upload.panel')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        width: { xs: 'calc(100% - 16px)', sm: 380 },
        zIndex: (theme) => theme.zIndex.snackbar - 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }} data-testid="upload-summary">
          {active > 0 ? t('upload.inProgress', { count: active, percent: overall }) : t('upload.done')}
        </Typography>
        {active > 0 ? (
          <Button size="small" onClick={() => queue.cancelAll()}>
            {t('upload.cancelAll')}
          </Button>
        ) : (
          <IconButton size="small" aria-label={t('close')} onClick={() => queue.clearEnded()}>
            <Close fontSize="small" />
          </IconButton>
        )}
        <IconButton
          size="small"
          aria-label={t(open ? 'upload.hide' : 'upload.show')}
          onClick={() => setOpen(!open)}
        >
          {open ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
        </IconButton>
      </Box>
      <LinearProgress variant="determinate" value={overall} aria-label={t('upload.overall')} />
      {open && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 280, overflow: 'auto' }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.id}
              data-testid="upload-item"
              data-state={item.state}
              sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" noWrap sx={{ flexGrow: 1 }} title={item.relativePath}>
                  {item.relativePath}
                </Typography>
                {item.state === 'failed' && item.retryable && (
                  <IconButton
                    size="small"
                    aria-label={t('upload.retry', { name: item.name })}
                    onClick={() => queue.retry(item.id)}
                  >
                    <Replay fontSize="small" />
                  </IconButton>
                )}
                {(item.state === 'queued' || item.state === 'running' || item.state === 'failed') && (
                  <IconButton
                    size="small"
                    aria-label={t('upload.cancel', { name: item.name })}
                    onClick={() => queue.cancel(item.id)}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                )}
              </Box>
              <LinearProgress
                variant={item.phase === 'hashing' ? 'indeterminate' : 'determinate'}
                value={item.size ? (100 * item.loaded) / item.size : 0}
                color={item.state in COLOURS ? COLOURS[item.state as keyof typeof COLOURS] : 'primary'}
                aria-label={item.name}
              />
              <Typography variant="caption" color={item.state === 'failed' ? 'error' : 'text.secondary'}>
                {item.awaitingChoice
                  ? t('upload.state.conflict')
                  : item.phase === 'hashing'
                    ? t('upload.state.hashing')
                    : t(`upload.state.${item.state}`)}
                {' · '}
                {formatSize(item.loaded, i18n.language)} / {formatSize(item.size, i18n.language)}
                {item.error ? ` · ${item.error}` : ''}
                {item.state === 'failed' && !item.retryable ? ` · ${t('upload.notRetryable')}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

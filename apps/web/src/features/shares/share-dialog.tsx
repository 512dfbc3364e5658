import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ShareLinkDto } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import {
  type ShareTarget,
  useCreateShareLink,
  useRevokeShareLink,
  useShareAccesses,
  useShareBounds,
  useShareLinks,
} from './api';

type Unit = 'hours' | 'days';

/** A link's downloads: when, from where, what (the firm's record of the link). */
function AccessLog({ vendorId, linkId }: { vendorId: number; linkId: number }) {
  const { t, i18n } = useTranslation('shares');
  const log = useShareAccesses(vendorId, linkId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  if (!log.data) return null;
  if (log.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="share-access-empty">
        {t('log.empty')}
      </Typography>
    );
  return (
    <Stack spacing={0.5} data-testid="share-access-log">
      {log.data.map((a) => (
        <Typography
          key={a.id}
          variant="body2"
          data-testid="share-access-row"
          sx={{ wordBreak: 'break-word' }}
        >
          {date.format(new Date(a.at))} · {t(`log.${a.kind}`)} · {a.name ?? '—'}
          {a.version_id !== null ? ` (v${a.version_id})` : ''} · {a.address} · {a.user_agent}
        </Typography>
      ))}
    </Stack>
  );
}

function LinkRow({ link, vendorId }: { link: ShareLinkDto; vendorId: number }) {
  const { t, i18n } = useTranslation('shares');
  const { enqueueSnackbar } = useSnackbar();
  const revoke = useRevokeShareLink(vendorId);
  const [showLog, setShowLog] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box data-testid="share-link" data-state={link.state} sx={{ py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          label={t(`state.${link.state}`)}
          color={link.state === 'live' ? 'success' : 'default'}
        />
        <Typography variant="body2">
          {t('expires', { date: date.format(new Date(link.expires_at)) })}
          {' · '}
          {link.max_downloads === null
            ? t('downloads', { count: link.downloads })
            : t('downloadsOf', { count: link.downloads, max: link.max_downloads })}
          {link.has_password ? ` · ${t('withPassword')}` : ''}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => setShowLog((v) => !v)} data-testid={`share-log-${link.id}`}>
          {t(showLog ? 'log.hide' : 'log.show')}
        </Button>
        {link.state === 'live' && (
          <Button
            size="small"
            color="error"
            disabled={revoke.isPending}
            data-testid={`share-revoke-${link.id}`}
            onClick={async () => {
              await revoke.mutateAsync(link.id);
              enqueueSnackbar(t('revoked'), { variant: 'success' });
            }}
          >
            {t('revoke')}
          </Button>
        )}
      </Stack>
      {showLog && <AccessLog vendorId={vendorId} linkId={link.id} />}
    </Box>
  );
}

/** Share a document or a folder by a public link: create one, see the item's links, revoke, read the log. */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const { t } = useTranslation('shares');
  const { enqueueSnackbar } = useSnackbar();
  const small = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const bounds = useShareBounds(target.vendorId);
  const links = useShareLinks(target);
  const create = useCreateShareLink(target.vendorId);
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<Unit>('days');
  const [password, setPassword] = useState('');
  const [maxDownloads, setMaxDownloads] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!bounds.data || amount !== '') return;
    const hours = bounds.data.default_hours;
    if (hours % 24 === 0) setAmount(String(hours / 24));
    else {
      setUnit('hours');
      setAmount(String(hours));
    }
  }, [bounds.data, amount]);

  const submit = async () => {
    setErrors({});
    try {
      const link = await create.mutateAsync({
        [target.type === 'document' ? 'document_id' : 'folder_id']: target.id,
        expires_in_hours: Number(amount) * (unit === 'days' ? 24 : 1),
        ...(password ? { password } : {}),
        ...(maxDownloads ? { max_downloads: Number(maxDownloads) } : {}),
      });
      setUrl(link.url ?? null);
      setPassword('');
      enqueueSnackbar(t('created'), { variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.body?.errors) setErrors(error.body.errors);
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
    }
  };
  const fieldError = (name: string) => errors[name]?.join(' ');
  const maxText = bounds.data
    ? t('maxLife', {
        value: bounds.data.max_hours % 24 === 0 ? bounds.data.max_hours / 24 : bounds.data.max_hours,
        unit: t(bounds.data.max_hours % 24 === 0 ? 'days' : 'hours'),
      })
    : undefined;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={small} data-testid="share-dialog">
      <DialogTitle>{t('title', { name: target.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('expiry')}
              type="number"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              slotProps={{ htmlInput: { min: 1, 'data-testid': 'share-expiry' } }}
              error={Boolean(fieldError('expires_in_hours'))}
              helperText={fieldError('expires_in_hours') ?? maxText}
              fullWidth
            />
            <TextField
              select
              label={t('unit')}
              value={unit}
              onChange={(e) => setUnit(e.target.value as Unit)}
              sx={{ minWidth: 140 }}
              data-testid="share-unit"
            >
              <MenuItem value="hours">{t('hours')}</MenuItem>
              <MenuItem value="days">{t('days')}</MenuItem>
            </TextField>
          </Stack>
          <TextField
            label={t('password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password') ?? t('passwordHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'share-password' } }}
          />
          <TextField
            label={t('maxDownloads')}
            type="number"
            value={maxDownloads}
            onChange={(e) => setMaxDownloads(e.target.value)}
            error={Boolean(fieldError('max_downloads'))}
            helperText={fieldError('max_downloads') ?? t('maxDownloadsHelp')}
            slotProps={{ htmlInput: { min: 1, 'data-testid': 'share-max-downloads' } }}
          />
          {url && (
            <Alert
              severity="success"
              action={
                <IconButton
                  aria-label={t('copy')}
                  size="small"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(url)
                      .then(() => enqueueSnackbar(t('copied'), { variant: 'success' }))
                  }
                >
                  <ContentCopy fontSize="small" />
                </IconButton>
              }
            >
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="share-url">
                {url}
              </Typography>
            </Alert>
          )}
          <Divider />
          <Typography variant="subtitle2">{t('links')}</Typography>
          {links.data?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('none')}
            </Typography>
          )}
          {links.data?.map((link) => (
            <LinkRow key={link.id} link={link} vendorId={target.vendorId} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          disabled={create.isPending || !amount}
          onClick={submit}
          data-testid="share-create"
        >
          {t('create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

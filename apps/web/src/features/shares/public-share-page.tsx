import Download from '@mui/icons-material/Download';
import Folder from '@mui/icons-material/Folder';
import FolderZip from '@mui/icons-material/FolderZip';
import InsertDriveFile from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PublicShareEntry, PublicShareFolder } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api';
import { publicArchiveUrl, publicContentUrl, usePublicFolder, usePublicShare, useUnlockShare } from './api';

const PASSWORD_CODES = ['share-password-required', 'share-password-invalid'];

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

function PasswordForm({ token, code }: { token: string; code: string }) {
  const { t } = useTranslation('shares');
  const unlock = useUnlockShare(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(
    code === 'share-password-invalid' ? t('public.wrong') : null,
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await unlock.mutateAsync(password);
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography>{t('public.passwordAsked')}</Typography>
      <TextField
        label={t('password')}
        type="password"
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'public-share-password' } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!password || unlock.isPending}
        data-testid="public-share-unlock"
      >
        {t('public.open')}
      </Button>
    </Stack>
  );
}

function EntryRow({
  token,
  entry,
  onOpen,
}: {
  token: string;
  entry: PublicShareEntry;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('shares');
  if (entry.kind === 'folder')
    return (
      <ListItem disablePadding>
        <ListItemButton onClick={() => onOpen(entry.id)} data-testid="public-share-folder">
          <ListItemIcon>
            <Folder color="primary" />
          </ListItemIcon>
          <ListItemText primary={entry.name} />
        </ListItemButton>
      </ListItem>
    );
  return (
    <ListItem
      data-testid="public-share-document"
      secondaryAction={
        <IconButton
          component="a"
          href={publicContentUrl(token, entry.id)}
          download
          aria-label={t('public.download', { name: entry.name })}
          data-testid="public-share-download"
        >
          <Download />
        </IconButton>
      }
    >
      <ListItemIcon>
        <InsertDriveFile />
      </ListItemIcon>
      <ListItemText
        primary={entry.name}
        secondary={sizeText(entry.size)}
        sx={{ wordBreak: 'break-word', pr: 4 }}
      />
    </ListItem>
  );
}

function FolderView({ token, top }: { token: string; top: PublicShareFolder }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const sub = usePublicFolder(token, openId);
  const view = openId !== null && sub.data ? sub.data : top;
  return (
    <Stack spacing={1}>
      {view.path.length > 1 && (
        <Breadcrumbs>
          {view.path.map((step, i) =>
            i === view.path.length - 1 ? (
              <Typography key={step.id}>{step.name}</Typography>
            ) : (
              <Link
                key={step.id}
                component="button"
                underline="hover"
                onClick={() => setOpenId(step.id === top.id ? null : step.id)}
              >
                {step.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
      )}
      <List dense>
        {view.entries.map((entry) => (
          <EntryRow key={`${entry.kind}${entry.id}`} token={token} entry={entry} onOpen={setOpenId} />
        ))}
      </List>
    </Stack>
  );
}

/** `/s/{token}`: what a share link shows to anyone holding it, in the firm's white label. */
export function PublicSharePage() {
  const { t, i18n } = useTranslation('shares');
  const { token = '' } = useParams();
  const share = usePublicShare(token);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (share.isPending) return <CircularProgress aria-label={t('public.loading')} />;
  if (share.error) {
    const code = isApiError(share.error) ? share.error.body?.code : undefined;
    if (code && PASSWORD_CODES.includes(code)) return <PasswordForm token={token} code={code} />;
    const gone = isApiError(share.error) && share.error.status === 404;
    return (
      <Alert severity={gone ? 'warning' : 'error'} data-testid="public-share-gone">
        {gone ? t('public.gone') : share.error.message}
      </Alert>
    );
  }
  const data = share.data;
  return (
    <Stack spacing={2} data-testid="public-share">
      <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
        {data.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('public.until', { date: date.format(new Date(data.expires_at)) })}
      </Typography>
      {data.document && (
        <Button
          variant="contained"
          startIcon={<Download />}
          href={publicContentUrl(token, data.document.id)}
          download
          data-testid="public-share-download"
        >
          {t('public.downloadFile', { size: sizeText(data.document.size) })}
        </Button>
      )}
      {data.folder && (
        <>
          <Button
            variant="contained"
            startIcon={<FolderZip />}
            href={publicArchiveUrl(token)}
            download
            data-testid="public-share-zip"
          >
            {t('public.downloadZip')}
          </Button>
          <FolderView token={token} top={data.folder} />
        </>
      )}
    </Stack>
  );
}

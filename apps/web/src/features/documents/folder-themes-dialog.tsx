import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Folder } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemes } from '../../app/shared-api';
import { useFolderThemes, useSetFolderThemes } from './api';

/**
 * A folder's themes (firm administrators): who sees it and who may change it. Without any, the
 * folder follows its parent's. Only the themes the client file allows are offered.
 */
export function FolderThemesDialog({
  firmId,
  vendorId,
  folder,
  allowed,
  onClose,
}: {
  firmId: number;
  vendorId: number;
  folder: Folder;
  /** The client file's allowed themes (null: all of the firm's). */
  allowed: number[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents');
  const themes = useThemes(firmId);
  const current = useFolderThemes(vendorId, folder.id);
  const save = useSetFolderThemes(vendorId);
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (current.data) setIds(current.data.themes.map((th) => th.id));
  }, [current.data]);
  // Offered once the folder's own tags are known: a tick made before they arrive would be undone.
  const offered = current.data
    ? (themes.data ?? []).filter((th) => allowed === null || allowed.includes(th.id))
    : [];
  const toggle = (id: number) =>
    setIds((prev) => (prev.includes(id) ? prev.filter((i) => i !== id) : [...prev, id]));
  const inherited = current.data && current.data.themes.length === 0 ? current.data.effective_themes : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="folder-themes-dialog">
      <DialogTitle>{t('themes.title', { name: folder.name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('themes.intro')}
        </Typography>
        {inherited.length > 0 && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('themes.inherited', { themes: inherited.map((th) => th.title).join(', ') })}
          </Typography>
        )}
        <Stack>
          {offered.map((theme) => (
            <FormControlLabel
              key={theme.id}
              control={<Checkbox checked={ids.includes(theme.id)} onChange={() => toggle(theme.id)} />}
              label={`${theme.title} · ${t(`themes.rights.${theme.rights}`)}`}
              data-testid={`folder-theme-${theme.id}`}
            />
          ))}
          {themes.data && current.data && offered.length === 0 && (
            <Typography color="text.secondary">{t('themes.none')}</Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('themes.cancel')}</Button>
        <Button
          variant="contained"
          disabled={save.isPending || !current.data}
          onClick={async () => {
            await save.mutateAsync({ id: folder.id, themeIds: ids });
            onClose();
          }}
          data-testid="folder-themes-save"
        >
          {t('themes.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

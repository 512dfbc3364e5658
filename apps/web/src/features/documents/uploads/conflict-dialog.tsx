import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictChoice } from './upload-types';
import { uploadQueue, useUploads } from './use-uploads';

/** A file of that name is in the folder: new version or new document, for it or all (spec section 5). */
export function ConflictDialog() {
  const { t } = useTranslation('documents');
  const items = useUploads();
  const [toAll, setToAll] = useState(false);
  const item = items.find((i) => i.awaitingChoice);
  if (!item) return null;
  const others = items.filter((i) => i.awaitingChoice).length - 1;
  const choose = (choice: ConflictChoice) => {
    uploadQueue().resolveConflict(item.id, choice, toAll);
    setToAll(false);
  };
  return (
    <Dialog open aria-labelledby="upload-conflict-title">
      <DialogTitle id="upload-conflict-title">{t('conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('conflict.text', { name: item.name })}</DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={toAll} onChange={(e) => setToAll(e.target.checked)} />}
          label={others > 0 ? t('conflict.applyToAllCount', { count: others }) : t('conflict.applyToAll')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => uploadQueue().cancel(item.id)}>{t('conflict.skip')}</Button>
        <Button onClick={() => choose('rename')}>{t('conflict.newDocument')}</Button>
        <Button variant="contained" onClick={() => choose('version')}>
          {t('conflict.newVersion')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CatalogCategory } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { useCatalogWrites } from './api';

/** Creates or renames a category; 422 errors under their field, others in the snackbar. */
export function CategoryDialog({
  firmId,
  category,
  onClose,
  onCreated,
}: {
  firmId: number;
  category: CatalogCategory | null;
  onClose: () => void;
  onCreated?: (category: CatalogCategory) => void;
}) {
  const { t } = useTranslation('catalog');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const writes = useCatalogWrites(firmId);
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = writes.createCategory.isPending || writes.updateCategory.isPending;
  const field = (key: string) => (errors[key] ? { error: true, helperText: errorText(errors[key]) } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'required' });
    const body = { name: name.trim(), description: description.trim() || null };
    try {
      if (category) await writes.updateCategory.mutateAsync({ id: category.id, body });
      else onCreated?.(await writes.createCategory.mutateAsync(body));
      enqueueSnackbar(t(category ? 'category.updated' : 'category.created'), { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && ('name' in fields || 'description' in fields)) setErrors(fields);
      else if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      data-testid="category-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>
          {category ? t('category.editTitle', { name: category.name }) : t('category.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              required
              autoFocus
              label={t('category.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors({});
              }}
              {...field('name')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'category-name' } }}
            />
            <TextField
              multiline
              minRows={2}
              label={t('category.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              {...field('description')}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'category-description' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="category-save">
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

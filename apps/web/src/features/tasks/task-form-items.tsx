import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type Item, newItem } from './task-form-values';

/** The items an information request asks for, when it is created (later, in the task's panel). */
export function ItemsEditor({
  items,
  errors,
  onChange,
  errorText,
}: {
  items: Item[];
  errors: Record<string, string>;
  onChange: (items: Item[]) => void;
  errorText: (m: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation('tasks');
  const change = (i: number, patch: Partial<Item>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2">{t('items.title')}</Typography>
      {items.map((item, i) => (
        <Stack
          key={item.key}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('items.label', { n: i + 1 })}
            value={item.label}
            onChange={(e) => change(i, { label: e.target.value })}
            error={Boolean(errors[`items.${i}.label`])}
            helperText={errorText(errors[`items.${i}.label`])}
            slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `task-item-label-${i}` } }}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label={t('items.kind')}
              value={item.kind}
              onChange={(e) => change(i, { kind: e.target.value as Item['kind'] })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="answer">{t('items.kinds.answer')}</MenuItem>
              <MenuItem value="document">{t('items.kinds.document')}</MenuItem>
            </TextField>
            <IconButton
              aria-label={t('items.remove')}
              onClick={() => onChange(items.filter((_x, j) => j !== i))}
              disabled={items.length === 1}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        </Stack>
      ))}
      {errors.items ? (
        <Typography color="error" variant="body2">
          {errorText(errors.items)}
        </Typography>
      ) : null}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...items, newItem()])}
          data-testid="task-item-add"
        >
          {t('items.add')}
        </Button>
      </div>
    </Stack>
  );
}

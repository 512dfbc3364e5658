import AddIcon from '@mui/icons-material/Add';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** No client file: a first one to create, or nothing matching the search. */
export function CustomersEmpty({
  filtered,
  canCreate,
  onCreate,
}: {
  filtered: boolean;
  canCreate: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="customers-empty">
      <FolderSharedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="p" gutterBottom>
        {t(filtered ? 'empty.filteredTitle' : 'empty.title')}
      </Typography>
      <Typography color="text.secondary">{t(filtered ? 'empty.filteredBody' : 'empty.body')}</Typography>
      {canCreate && !filtered ? (
        <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={onCreate}>
          {t('new')}
        </Button>
      ) : null}
    </Paper>
  );
}

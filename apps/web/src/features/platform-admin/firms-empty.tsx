import AddIcon from '@mui/icons-material/Add';
import BusinessIcon from '@mui/icons-material/Business';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SA_IDS } from './test-ids';

/** No portal: the first one to create, or nothing matching the filters. */
export function FirmsEmpty({ filtered, createTo }: { filtered: boolean; createTo: string }) {
  const { t } = useTranslation('platform-admin');
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid={SA_IDS.firmsEmpty}>
      <BusinessIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="p" gutterBottom>
        {t(filtered ? 'empty.filteredTitle' : 'empty.title')}
      </Typography>
      <Typography color="text.secondary">{t(filtered ? 'empty.filteredBody' : 'empty.body')}</Typography>
      {filtered ? null : (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          component={RouterLink}
          to={createTo}
        >
          {t('firms.new')}
        </Button>
      )}
    </Paper>
  );
}

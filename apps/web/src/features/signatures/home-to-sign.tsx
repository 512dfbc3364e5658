import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMySignatures } from './api';
import { ToSignList } from './to-sign-list';

/** Home's "Documents à signer": shown to members and client users when something waits for them. */
export function HomeToSign({ firmId }: { firmId: number }) {
  const { t } = useTranslation('signatures');
  const mine = useMySignatures(firmId);
  if (!mine.data?.length) return null;
  return (
    <Paper sx={{ p: 2 }} data-testid="home-to-sign">
      <Typography variant="h6" component="h2">
        {t('toSign.title')}
      </Typography>
      <ToSignList firmId={firmId} hideEmpty />
    </Paper>
  );
}

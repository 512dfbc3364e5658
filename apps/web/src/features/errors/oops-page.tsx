import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { safeRedirectTarget } from '../../app/navigation';
import { ensureWhiteLabel } from '../../app/white-label';
import { TEST_IDS } from '../../components/test-ids';

/** The portal could not start: retry, and go back to where the visitor was once loading succeeds. */
export function OopsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await ensureWhiteLabel();
      navigate(safeRedirectTarget(params.get('from')) ?? '/', { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom>
          {t('oops.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('oops.body')}
        </Typography>
        <Button variant="contained" onClick={retry} disabled={busy} data-testid={TEST_IDS.oopsRetry}>
          {t('oops.retry')}
        </Button>
      </Paper>
    </Container>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyTerms } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { PlainText } from '../../components/plain-text';
import { TEST_IDS } from '../../components/test-ids';
import { useWorkspace } from '../shell/workspace-context';
import { useAcceptMyTerms, useMyTerms } from './api';
import { ProfileTabs } from './profile-tabs';

/** The selected firm's terms of use, where the user stands with them, and accepting a new version. */
export function ProfileTermsPage() {
  const { t, i18n } = useTranslation('profile');
  const { firm, loading } = useWorkspace();
  const { enqueueSnackbar } = useSnackbar();
  const query = useMyTerms(firm?.id ?? null);
  const accept = useAcceptMyTerms(firm?.id);

  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const body = () => {
    if (loading || (firm && query.isPending)) return <PageLoader />;
    if (!firm || !query.data) return <Alert severity="info">{t('terms.none')}</Alert>;
    const mine: MyTerms = query.data;
    const { terms } = mine;
    if (!terms) return <Alert severity="info">{t('terms.none')}</Alert>;
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 840 }} component="article">
        <Stack spacing={1.5}>
          <Typography variant="h5" component="h1">
            {terms.title || t('terms.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('terms.published', {
              firm: firm.name,
              version: terms.version,
              date: date(terms.published_at),
            })}
          </Typography>
          <Alert severity={mine.up_to_date ? 'success' : 'warning'} data-testid={TEST_IDS.termsStatus}>
            {mine.up_to_date && mine.accepted_at
              ? t('terms.accepted', { version: mine.accepted_version, date: date(mine.accepted_at) })
              : mine.accepted_at
                ? t('terms.newVersion', { version: mine.accepted_version, date: date(mine.accepted_at) })
                : t('terms.notAccepted')}
          </Alert>
          <PlainText content={terms.content} />
          {!mine.up_to_date && (
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(terms.version, {
                  onSuccess: () => enqueueSnackbar(t('terms.done'), { variant: 'success' }),
                })
              }
              data-testid={TEST_IDS.termsAccept}
            >
              {t('terms.accept')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  };

  return (
    <>
      <ProfileTabs current="terms-of-service" />
      {body()}
    </>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AcceptInvitationResult } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getToken } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { useSnackbar } from '../../app/snackbars';
import { AppLink } from '../../components/app-link';
import { PageLoader } from '../../components/page-loader';
import { useAcceptInvitation, useInvitation } from './api';
import { AUTH_IDS } from './test-ids';

/**
 * The page of an invitation mailed to an existing account: what the portal offers, and one
 * button to accept it. Nothing is linked before that (the membership stays pending).
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const info = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [done, setDone] = useState<AcceptInvitationResult | null>(null);
  const [failed, setFailed] = useState(false);
  const signedIn = getToken() !== null;

  if (info.isPending) return <PageLoader />;
  if (info.isError || failed) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{t('acceptInvitation.invalid')}</Alert>
        <AppLink to="/signin">{t('reset.backToSignin')}</AppLink>
      </Stack>
    );
  }
  const offer = info.data;
  const role = t(`acceptInvitation.roles.${offer.role}`);

  const onAccept = async () => {
    try {
      const result = await accept.mutateAsync(token);
      enqueueSnackbar(t('acceptInvitation.done'), { variant: 'success' });
      if (signedIn) navigate('/home', { replace: true });
      else setDone(result);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack spacing={2} data-testid={AUTH_IDS.acceptInvitation}>
      <Typography variant="h4" component="h1">
        {t('acceptInvitation.title')}
      </Typography>
      <Typography>
        {offer.company
          ? t('acceptInvitation.clientFile', { firm: offer.firm_name, company: offer.company, role })
          : t('acceptInvitation.team', { firm: offer.firm_name, role })}
      </Typography>
      <Typography color="text.secondary">{t('acceptInvitation.account', { email: offer.email })}</Typography>
      {done ? (
        <>
          <Alert severity="success">
            {t('acceptInvitation.done')} {t('acceptInvitation.signIn')}
          </Alert>
          {done.has_password ? null : <Alert severity="info">{t('acceptInvitation.noPassword')}</Alert>}
          <Button variant="contained" onClick={() => navigate('/signin', { replace: true })}>
            {t('signin.submit')}
          </Button>
          {done.has_password ? null : <AppLink to="/reset-password">{t('signin.forgotten')}</AppLink>}
        </>
      ) : (
        <Button variant="contained" onClick={onAccept} disabled={accept.isPending}>
          {t('acceptInvitation.accept')}
        </Button>
      )}
    </Stack>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useDismissal } from '../../app/dismissals';
import { useMyTerms } from '../../app/shared-api';
import { AppLink } from '../../components/app-link';
import { useCurrentRoute } from './use-current-route';
import { useWorkspace } from './workspace-context';

/**
 * Tells the user when the selected firm's terms are not accepted yet, or changed since. It sits
 * below the page and sticks to the bottom of the window: arriving after the page has drawn, it
 * moves nothing the user is about to click. The person may put it away until the next sign-in
 * (on a phone it covers a good part of the screen); a newer version of the terms shows it again.
 */
export function TermsNotice() {
  const { t } = useTranslation('shell');
  const { firm } = useWorkspace();
  const onTermsPage = useCurrentRoute()?.id === 'profile-terms-of-service';
  // The profile's terms page reads and updates the same cache entry.
  const query = useMyTerms(firm?.id ?? null, { enabled: !onTermsPage, quiet: true });
  const mine = query.data;
  const [hidden, hide] = useDismissal(`terms:${firm?.id}:${mine?.terms?.version}`);
  if (onTermsPage || !firm || !mine?.terms || mine.up_to_date || hidden) return null;
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      data-testid="terms-notice"
      action={
        <IconButton
          color="inherit"
          size="small"
          onClick={hide}
          aria-label={t('termsNotice.hide')}
          title={t('termsNotice.hide')}
          data-testid="terms-notice-hide"
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
      sx={{ position: 'sticky', bottom: 16, mt: 2, zIndex: (theme) => theme.zIndex.appBar - 1, boxShadow: 6 }}
    >
      {t(mine.accepted_version ? 'termsNotice.changed' : 'termsNotice.notAccepted', { firm: firm.name })}{' '}
      <AppLink to="/profile/terms-of-service" color="inherit" sx={{ fontWeight: 600 }}>
        {t('termsNotice.read')}
      </AppLink>
    </Alert>
  );
}

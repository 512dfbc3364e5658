import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWhiteLabel } from '../../app/white-label';
import { PageLoader } from '../../components/page-loader';
import { PlainText } from '../../components/plain-text';
import { useTerms } from './api';

/** The firm's terms of use, as plain text paragraphs. */
export function TermsPage() {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const { data: whiteLabel } = useWhiteLabel();
  const fromQuery = Number(params.get('accounting_firm_id') ?? params.get('a_id'));
  const firmId =
    Number.isSafeInteger(fromQuery) && fromQuery > 0 ? fromQuery : (whiteLabel?.accounting_firm.id ?? null);
  const terms = useTerms(firmId, i18n.language);
  if (terms.isPending) return <PageLoader />;
  if (terms.isError) return <Alert severity="info">{t('terms.empty')}</Alert>;
  return (
    <Stack spacing={1} component="article">
      <Typography variant="h4" component="h1">
        {terms.data.title || t('terms.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('terms.version', { version: terms.data.version })}
      </Typography>
      <PlainText content={terms.data.content} />
    </Stack>
  );
}

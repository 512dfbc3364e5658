import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useWorkspace } from '../shell/workspace-context';
import { QuickDropZone } from './drop-zone';

/** `quickfolders/{context}` (client users): the selected company's quick-drop folders. */
export function QuickfoldersPage() {
  const { t } = useTranslation('quickfolders');
  const { firm, company } = useWorkspace();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary">{t('page.intro')}</Typography>
      {firm && company ? (
        <QuickDropZone firmId={firm.id} vendorId={company.id} />
      ) : (
        <Alert severity="info">{t('page.noCompany')}</Alert>
      )}
    </Stack>
  );
}

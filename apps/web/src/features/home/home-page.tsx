import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/session';
import { TEST_IDS } from '../../components/test-ids';
import { useWorkspace } from '../shell/workspace-context';

/** Home: greets the user and shows the selected firm and company. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const { firm, company, role } = useWorkspace();
  const name = me.data?.fullname || me.data?.email || '';
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" data-testid={TEST_IDS.homeGreeting}>
        {t('home.greeting', { name })}
      </Typography>
      {firm ? (
        <Paper sx={{ p: 2 }}>
          <Typography>{t('home.firm', { name: firm.name })}</Typography>
          {company ? <Typography>{t('home.company', { name: company.company })}</Typography> : null}
          {role ? (
            <Typography color="text.secondary">{t('home.role', { role: t(`roles.${role}`) })}</Typography>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HomeDocument, TaskListItem } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationTarget } from '../../app/app-navigate';
import { routeById } from '../../app/routes';
import { useMe } from '../../app/session';
import { AppLink } from '../../components/app-link';
import { TEST_IDS } from '../../components/test-ids';
import { viewerPath } from '../documents/paths';
import { pathFor } from '../shell/nav-items';
import { useWorkspace } from '../shell/workspace-context';
import { HomeToSign } from '../signatures/home-to-sign';
import { DueDate, MissingItems } from '../tasks/task-bits';
import { useHome } from './api';

/** A client user's quick-drop folders, loaded apart: the home page's own chunk stays as it was. */
const QuickDropZone = lazy(() =>
  import('../quickfolders/drop-zone').then((m) => ({ default: m.QuickDropZone })),
);

/**
 * Home: greets the user and shows the day, in one request (`/api/home`): for the firm, the tasks
 * due today and overdue and the information requests waiting on clients; for a client user, what
 * the firm is waiting for; then the documents the person has not read yet (firm) or the latest
 * (client). Each task links to the tasks page with it open, each document to the viewer.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { t: tt } = useTranslation('tasks');
  const me = useMe();
  const { firm, company, role, modules } = useWorkspace();
  const name = me.data?.fullname || me.data?.email || '';
  const withTasks = modules.some((m) => m.key === 'tasks');
  const firmSide = firm?.is_accountant === true;
  // A client user's day is the selected company's; a firm member's spans their client files.
  const home = useHome(
    withTasks && firm && (firmSide || company) ? firm.id : null,
    firmSide ? null : (company?.id ?? null),
  );
  const tasksRoute = routeById('tasks');
  const tasksPath =
    firm && tasksRoute
      ? pathFor(tasksRoute, { accountingFirmId: firm.id, vendorId: company?.id ?? null })
      : null;
  const linkOf = (task: TaskListItem) => (tasksPath ? `${tasksPath}?task=${task.id}` : '#');
  const day = home.data;

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
      {firm ? <HomeToSign firmId={firm.id} /> : null}
      {home.isError ? <Alert severity="warning">{tt('home.loadError')}</Alert> : null}
      {home.isLoading ? <LinearProgress /> : null}
      {day ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              lg: day.audience === 'firm' ? 'repeat(3, minmax(0, 1fr))' : '1fr',
            },
            alignItems: 'start',
          }}
        >
          {day.audience === 'firm' ? (
            <>
              <Section
                id="due-today"
                title={tt('home.dueToday')}
                empty={tt('home.nothingToday')}
                tasks={day.due_today}
                linkOf={linkOf}
              />
              <Section
                id="overdue"
                title={tt('home.overdue')}
                empty={tt('home.nothingOverdue')}
                tasks={day.overdue}
                linkOf={linkOf}
              />
              <Section
                id="waiting"
                title={tt('home.waitingFirm')}
                empty={tt('home.nothingWaiting')}
                tasks={day.waiting_requests}
                linkOf={linkOf}
              />
            </>
          ) : (
            <Section
              id="waiting"
              title={tt('home.waitingClient')}
              empty={tt('home.nothingClient')}
              tasks={day.waiting_requests}
              linkOf={linkOf}
              showCompany={false}
            />
          )}
        </Box>
      ) : null}
      {firm && company && !firmSide ? (
        <Suspense fallback={null}>
          <QuickDropZone firmId={firm.id} vendorId={company.id} hideWhenEmpty />
        </Suspense>
      ) : null}
      {day ? (
        <Documents
          documents={day.documents}
          firmSide={day.audience === 'firm'}
          firmId={day.accounting_firm_id}
        />
      ) : null}
      {day && tasksPath ? (
        <Box>
          <AppLink to={tasksPath} data-testid="home-all-tasks">
            {tt(day.audience === 'firm' ? 'home.seeAll' : 'home.seeRequests')}
          </AppLink>
        </Box>
      ) : null}
    </Stack>
  );
}

function Section({
  id,
  title,
  empty,
  tasks,
  linkOf,
  showCompany = true,
}: {
  id: string;
  title: string;
  empty: string;
  tasks: TaskListItem[];
  linkOf: (task: TaskListItem) => string;
  showCompany?: boolean;
}) {
  const location = useLocation();
  return (
    <Paper sx={{ minWidth: 0 }} data-testid={`home-${id}`}>
      <Stack
        direction="row"
        sx={{ px: 2, py: 1.25, alignItems: 'baseline', justifyContent: 'space-between' }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {tasks.length}
        </Typography>
      </Stack>
      <Divider />
      {tasks.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 1.5 }}>
          {empty}
        </Typography>
      ) : (
        <List disablePadding>
          {tasks.map((task, i) => {
            const target = navigationTarget(linkOf(task), location.search);
            return (
              <Fragment key={task.id}>
                {i > 0 ? <Divider component="li" /> : null}
                <ListItemButton
                  component={RouterLink}
                  to={target.to}
                  replace={target.replace}
                  sx={{ display: 'block' }}
                >
                  <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{task.title}</Typography>
                  <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
                    {showCompany ? (
                      <Typography variant="body2" color="text.secondary">
                        {task.company}
                      </Typography>
                    ) : null}
                    <DueDate task={task} />
                    <MissingItems task={task} />
                  </Stack>
                </ListItemButton>
              </Fragment>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

/** Documents not read yet, by the badge's rule (firm), or the latest (client), each opening the viewer. */
function Documents({
  documents,
  firmSide,
  firmId,
}: {
  documents: HomeDocument[];
  firmSide: boolean;
  firmId: number;
}) {
  const { t, i18n } = useTranslation('tasks');
  const location = useLocation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper sx={{ minWidth: 0 }} data-testid="home-documents">
      <Stack
        direction="row"
        sx={{ px: 2, py: 1.25, alignItems: 'baseline', justifyContent: 'space-between' }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t(firmSide ? 'home.documentsReceived' : 'home.documentsLatest')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {documents.length}
        </Typography>
      </Stack>
      <Divider />
      {documents.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 1.5 }}>
          {t(firmSide ? 'home.noDocumentsReceived' : 'home.noDocuments')}
        </Typography>
      ) : (
        <List disablePadding>
          {documents.map((doc, i) => {
            const path = viewerPath(encodeContext(firmId, doc.vendor_id), doc.folder_id, doc.id);
            const target = navigationTarget(path, location.search);
            return (
              <Fragment key={doc.id}>
                {i > 0 ? <Divider component="li" /> : null}
                <ListItemButton
                  component={RouterLink}
                  to={target.to}
                  replace={target.replace}
                  sx={{ display: 'block' }}
                  data-testid="home-document"
                >
                  <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{doc.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                    {[firmSide ? doc.company : null, doc.author, date.format(new Date(doc.created_at))]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </ListItemButton>
              </Fragment>
            );
          })}
        </List>
      )}
    </Paper>
  );
}

import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationTarget } from '../../app/app-navigate';
import { useMe } from '../../app/session';
import { useUnreadDocuments } from '../../app/shared-api';
import { UnreadBadge } from '../../components/unread-badge';
import { useMyHoldings, useTaskBadge } from './api';
import { buildNavItems } from './nav-items';
import { useWorkspace } from './workspace-context';

export const DRAWER_WIDTH = 240;

type Props = { mobileOpen: boolean; onClose: () => void };

/** The navigation: a permanent drawer on wide screens, a temporary one on small screens. */
export function NavDrawer({ mobileOpen, onClose }: Props) {
  const { t } = useTranslation('common');
  const { t: ts } = useTranslation('shell');
  const { t: tt } = useTranslation('tasks');
  const location = useLocation();
  // The temporary drawer is for small screens only: kept mounted on a wide one, it rendered the
  // navigation a second time, hidden, and its slide measured the layout as every page opened.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const me = useMe();
  const { modules, firm, company } = useWorkspace();
  const selection = firm ? { accountingFirmId: firm.id, vendorId: company?.id ?? null } : null;
  const user = me.data ?? { is_super_admin: false, is_accountant: false };
  const holdings = useMyHoldings(me.data !== undefined);
  const items = buildNavItems(
    modules,
    {
      ...user,
      is_accountant: firm?.is_accountant ?? user.is_accountant,
      has_holding: (holdings.data?.length ?? 0) > 0,
    },
    selection,
  );

  const badge = useTaskBadge(
    firm?.id ?? null,
    items.some((i) => i.id === 'tasks'),
  ).data;
  const open = badge ? badge.to_do + badge.in_progress : 0;
  const unread = useUnreadDocuments(
    firm?.id ?? null,
    company !== null && items.some((i) => i.id === 'documents'),
  ).data;

  const content = (
    <nav aria-label={ts('nav.label')}>
      <Toolbar />
      <List>
        {items.map((item) => {
          const target = navigationTarget(item.to, location.search);
          return (
            <ListItemButton
              key={item.id}
              component={RouterLink}
              to={target.to}
              replace={target.replace}
              selected={location.pathname.startsWith(`/${item.id}`)}
              onClick={onClose}
            >
              <ListItemText primary={t(item.titleKey)} />
              {item.id === 'tasks' && open > 0 && badge ? (
                <Badge
                  badgeContent={open}
                  max={99}
                  color={badge.overdue > 0 ? 'error' : 'primary'}
                  aria-label={tt('badge', { count: open, overdue: badge.overdue })}
                  data-testid="tasks-badge"
                  sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                />
              ) : null}
              {item.id === 'documents' && company ? (
                <UnreadBadge count={unread?.get(company.id)} testId="documents-badge" />
              ) : null}
            </ListItemButton>
          );
        })}
      </List>
    </nav>
  );

  return (
    <>
      {wide ? null : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={onClose}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {content}
        </Drawer>
      )}
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {content}
      </Drawer>
    </>
  );
}

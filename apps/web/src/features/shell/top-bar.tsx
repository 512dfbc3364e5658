import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDarkMode } from '../../app/use-dark-mode';
import { pickWhiteLabel, useWhiteLabel } from '../../app/white-label';
import { TEST_IDS } from '../../components/test-ids';
import { CompanySelector } from './company-selector';
import { FirmSelector } from './firm-selector';
import { NotificationsBell } from './notifications-bell';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

/** The firm's bar: logo and name, firm and company selectors, user menu. */
export function TopBar({ onMenu, selectors }: { onMenu: () => void; selectors: boolean }) {
  const { t } = useTranslation('shell');
  const { data } = useWhiteLabel();
  const { dark } = useDarkMode();
  const label = pickWhiteLabel(data, dark);
  const name = label?.name || data?.accounting_firm.name || '';
  return (
    <AppBar position="fixed" enableColorOnDark sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('nav.open')}
          data-testid={TEST_IDS.navDrawerToggle}
          onClick={onMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {label?.logo ? (
          // On a plate: the logo is often drawn in the firm's colour, the colour of the bar.
          <Box
            component="img"
            src={label.logo}
            alt=""
            sx={{
              height: 40,
              maxWidth: 120,
              p: 0.5,
              bgcolor: 'background.paper',
              borderRadius: 1,
              objectFit: 'contain',
            }}
          />
        ) : null}
        <Typography variant="h6" component="p" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
          {name}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {selectors ? <SearchBox /> : null}
        <Box
          hidden={!selectors}
          sx={{
            display: selectors ? 'flex' : 'none',
            gap: 1,
            bgcolor: 'background.paper',
            borderRadius: 1,
            // Room above for the outlined labels.
            px: 0.5,
            pt: 1,
            pb: 0.5,
          }}
        >
          {selectors ? (
            <>
              <FirmSelector />
              <CompanySelector />
            </>
          ) : null}
        </Box>
        <NotificationsBell />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

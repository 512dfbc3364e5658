import AccountCircle from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import TranslateIcon from '@mui/icons-material/Translate';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { LOCALES } from '@portal/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { setLanguage } from '../../app/i18n';
import { signOut, useMe, useUpdateMe } from '../../app/session';
import { useDarkMode } from '../../app/use-dark-mode';
import { TEST_IDS } from '../../components/test-ids';

/** Profile, dark mode, language and sign-out. */
export function UserMenu() {
  const { t, i18n } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useAppNavigate();
  const { dark, setDark } = useDarkMode();
  const me = useMe();
  const updateMe = useUpdateMe();
  const close = () => setAnchor(null);

  const changeLanguage = async (locale: (typeof LOCALES)[number]) => {
    await setLanguage(locale);
    updateMe.mutate({ locale });
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        data-testid={TEST_IDS.userMenu}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {me.data ? (
          <ListItemText sx={{ px: 2, py: 1 }} primary={me.data.fullname} secondary={me.data.email} />
        ) : null}
        <MenuItem
          onClick={() => {
            close();
            navigate('/profile/user');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => setDark(!dark)}
          data-testid={TEST_IDS.darkModeToggle}
          role="menuitemcheckbox"
          aria-checked={dark}
        >
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.darkMode')}</ListItemText>
          <Switch size="small" checked={dark} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
        </MenuItem>
        <Divider />
        <ListItemText sx={{ px: 2 }} secondary={t('userMenu.language')} />
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={i18n.language === locale}
            lang={locale}
            data-testid={`${TEST_IDS.languageSelect}-${locale}`}
            onClick={() => changeLanguage(locale)}
          >
            <ListItemIcon>
              {i18n.language === locale ? <TranslateIcon fontSize="small" /> : null}
            </ListItemIcon>
            {t(`languages.${locale}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          data-testid={TEST_IDS.signOut}
          onClick={async () => {
            close();
            await signOut();
            navigate('/signin', { replace: true });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { useDarkMode } from '../../app/use-dark-mode';
import { pickWhiteLabel, useWhiteLabel } from '../../app/white-label';
import { VersionLabel } from '../../components/version-label';

/** The frame of the anonymous screens: the firm's logo, name and welcome message. */
export function AnonymousLayout() {
  const { data } = useWhiteLabel();
  const { dark } = useDarkMode();
  const label = pickWhiteLabel(data, dark);
  const name = label?.name || data?.accounting_firm.name;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container maxWidth="sm" sx={{ flex: 1, py: { xs: 3, sm: 8 } }}>
        <Paper sx={{ p: { xs: 2, sm: 4 } }} elevation={3}>
          <Box sx={{ textAlign: 'center', mb: 2 }}>
            {label?.logo ? (
              <Box
                component="img"
                src={label.logo}
                alt={name ?? ''}
                sx={{ maxHeight: 72, maxWidth: '100%' }}
              />
            ) : null}
            {name ? (
              <Typography variant="h5" component="p" color="primary">
                {name}
              </Typography>
            ) : null}
            {data?.accounting_firm.welcome_message ? (
              <Typography color="text.secondary">{data.accounting_firm.welcome_message}</Typography>
            ) : null}
          </Box>
          <Outlet />
        </Paper>
      </Container>
      <Box component="footer" sx={{ textAlign: 'center', py: 1 }}>
        <VersionLabel />
      </Box>
    </Box>
  );
}

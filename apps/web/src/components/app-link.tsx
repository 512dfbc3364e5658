import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationTarget } from '../app/app-navigate';

/** An in-app link that keeps the embedded value and replaces history for not-historised routes. */
export function AppLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  const location = useLocation();
  const target = navigationTarget(to, location.search);
  return <Link component={RouterLink} to={target.to} replace={target.replace} {...props} />;
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { saPath } from './sections';
import { useSaLink } from './use-sa-link';

type Props = {
  title: ReactNode;
  /** Where "back" leads (default: the super admin's home). */
  back?: { to: string; label: string };
  /** Beside the title on wide screens, below it on small ones. */
  action?: ReactNode;
  subtitle?: ReactNode;
  titleTestId?: string;
};

/** A super admin page's title, with a way back and its main action. */
export function SaPageHeader({ title, back, action, subtitle, titleTestId }: Props) {
  const { t } = useTranslation('platform-admin');
  const link = useSaLink();
  const target = back ?? { to: saPath(), label: t('home.back') };
  return (
    <Stack spacing={1}>
      <div>
        <Button size="small" startIcon={<ArrowBackIcon />} component={RouterLink} to={link(target.to)}>
          {target.label}
        </Button>
      </div>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid={titleTestId}>
            {title}
          </Typography>
          {subtitle}
        </Stack>
        {action ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexShrink: 0 }}>
            {action}
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}

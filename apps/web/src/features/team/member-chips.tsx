import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Member } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { accessLabel, accessSummary } from './access';

/** Role, group admin and invitation badges of a member. */
export function MemberBadges({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={t(`role.${member.role}`)}
        color={member.role === 'admin' ? 'primary' : 'default'}
        variant={member.role === 'admin' ? 'filled' : 'outlined'}
      />
      {member.is_group_admin ? <Chip size="small" color="secondary" label={t('groupAdmin')} /> : null}
      {member.invitation_pending ? (
        <Chip size="small" color="info" variant="outlined" label={t('invitationPending')} />
      ) : null}
    </Stack>
  );
}

/** "All client files" / "3 client files", with read-only or read-write when it is one mode. */
export function AccessChips({ member }: { member: Member }) {
  const { t } = useTranslation('team');
  const summary = accessSummary(member);
  const label = accessLabel(summary);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={summary.scope === 'none' ? 'warning' : 'default'}
        label={t(label.key, label.values)}
      />
      {summary.scope === 'all' ? (
        <Chip
          size="small"
          variant="outlined"
          color={summary.mode === 'read-only' ? 'default' : 'success'}
          label={t(summary.mode === 'read-only' ? 'mode.readOnly' : 'mode.readWrite')}
        />
      ) : null}
    </Stack>
  );
}

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  createVendorUserRequestSchema,
  updateVendorUserRequestSchema,
  type VendorUser,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../components/form/field-defs';
import { usersApi } from '../api';
import { ChildrenTab } from './children-tab';
import type { ClientFileTabProps } from './types';

const PROFILE_FIELDS: readonly FieldDef[] = [
  { name: 'civility', kind: 'select', options: ['Mme', 'M.'], rawOptions: true, width: 4 },
  { name: 'firstname', required: true, width: 4 },
  { name: 'lastname', required: true, width: 4 },
  { name: 'role', kind: 'select', options: ['admin', 'collaborator', 'guest'], required: true },
  { name: 'job' },
  { name: 'mobile_number' },
  { name: 'birth_city' },
  { name: 'birth_date', kind: 'date' },
  { name: 'revoked_at', kind: 'date' },
];
const CREATE_FIELDS: readonly FieldDef[] = [
  { name: 'email', kind: 'email', required: true, width: 12 },
  ...PROFILE_FIELDS,
];

const fullName = (u: VendorUser) => [u.civility, u.firstname, u.lastname].filter(Boolean).join(' ');

/** The client's users: an invitation mail (create-password link) goes to each new one. */
export function UsersTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t, i18n } = useTranslation('client-file');
  const query = usersApi.useList(vendorId);
  const create = usersApi.useCreate(vendorId);
  const update = usersApi.useUpdate(vendorId);
  const remove = usersApi.useRemove(vendorId);
  return (
    <ChildrenTab<VendorUser>
      ns="users"
      testId="client-file-users"
      canWrite={canWrite}
      query={query}
      primary={(u) => fullName(u) || u.email}
      secondary={(u) => [u.email, u.job].filter(Boolean).join(' · ')}
      extra={(u) => (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip size="small" label={t(`options.role.${u.role}`)} />
          {u.invitation_pending ? <Chip size="small" color="info" label={t('users.pending')} /> : null}
          {u.revoked_at ? (
            <Chip
              size="small"
              color="warning"
              label={t('users.revokedOn', {
                date: new Date(`${u.revoked_at}T00:00:00`).toLocaleDateString(i18n.language),
              })}
            />
          ) : null}
        </Stack>
      )}
      createDefs={CREATE_FIELDS}
      editDefs={PROFILE_FIELDS}
      createSchema={createVendorUserRequestSchema}
      editSchema={updateVendorUserRequestSchema}
      initialCreate={{ role: 'collaborator' }}
      create={(p) => create.mutateAsync(createVendorUserRequestSchema.parse(p))}
      update={(u, p) => update.mutateAsync({ id: u.id, body: updateVendorUserRequestSchema.parse(p) })}
      remove={(u) => remove.mutateAsync(u.id)}
    />
  );
}

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  createVendorUserRequestSchema,
  updateVendorUserRequestSchema,
  type VendorUser,
} from '@portal/contracts';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/session';
import { ClientUserThemesField, type ThemeChoice } from '../../themes/client-user-themes-field';
import { usersApi } from '../api';
import { ChildrenTab } from './children-tab';
import type { ClientFileTabProps } from './types';
import { CREATE_FIELDS, editFieldsFor } from './users-fields';

const fullName = (u: VendorUser) => [u.civility, u.firstname, u.lastname].filter(Boolean).join(' ');

/**
 * The client's users: a new account gets an invitation mail (create-password link), an existing
 * one an invitation to accept; both show as pending until then.
 */
export function UsersTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t, i18n } = useTranslation('client-file');
  const meId = useMe().data?.id ?? null;
  const query = usersApi.useList(vendorId);
  const create = usersApi.useCreate(vendorId);
  const update = usersApi.useUpdate(vendorId);
  const remove = usersApi.useRemove(vendorId);
  // The themes chosen in the open dialog (null: unchanged), sent with its other fields.
  const themes = useRef<ThemeChoice | null>(null);
  const onThemes = useCallback((choice: ThemeChoice | null) => {
    themes.current = choice;
  }, []);
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
      editDefs={(u) => editFieldsFor(u, meId)}
      editIntro={(u) =>
        u.id === meId ? t('users.selfRights') : u.profile_editable ? undefined : t('users.sharedProfile')
      }
      editExtra={(u) =>
        u.id === meId ? null : <ClientUserThemesField vendorId={vendorId} user={u} onChange={onThemes} />
      }
      createSchema={createVendorUserRequestSchema}
      editSchema={updateVendorUserRequestSchema}
      initialCreate={{ role: 'collaborator' }}
      create={(p) => create.mutateAsync(createVendorUserRequestSchema.parse(p))}
      update={(u, p) =>
        update.mutateAsync({
          id: u.id,
          body: updateVendorUserRequestSchema.parse({ ...p, ...(themes.current ?? {}) }),
        })
      }
      remove={(u) => remove.mutateAsync(u.id)}
    />
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { firmRoleSchema, type MemberDetail, type UpdateMemberRequest } from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { FormTextField } from '../../components/form/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { diffAssignments, isEmptyDiff, memberInitials, memberName, type ShownAssignment } from './access';
import { useMember, useSetAssignments, useUpdateMember } from './api';
import { AssignmentsEditor } from './assignments-editor';
import { EndSessionsSection } from './end-sessions-section';
import { MemberBadges } from './member-chips';
import { MemberThemesCard } from './member-themes-card';
import { RemoveMemberDialog } from './remove-member-dialog';
import { AccessFields } from './rights-fields';
import { TEAM_IDS } from './test-ids';

type Props = {
  firmId: number;
  userId: number;
  canManage: boolean;
  canGrantGroupAdmin: boolean;
  meId: number | null;
  onBack: () => void;
};

type RightsForm = Required<Omit<UpdateMemberRequest, 'all_themes' | 'theme_ids'>>;

const rightsOf = (m: MemberDetail): RightsForm => ({
  role: m.role,
  is_group_admin: m.is_group_admin,
  all_vendors: m.all_vendors,
  read_only: m.read_only,
});

/** A member, titled with first and last name: rights, client files and removal. */
export function MemberDetailPage({ firmId, userId, canManage, canGrantGroupAdmin, meId, onBack }: Props) {
  const { t } = useTranslation('team');
  const member = useMember(firmId, userId);
  const [removing, setRemoving] = useState(false);

  if (member.isPending) return <PageLoader />;
  if (!member.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning">{t('detail.notFound')}</Alert>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('detail.back')}
        </Button>
      </Stack>
    );
  }
  const m = member.data;
  const self = m.user_id === meId;
  const chooses = m.role !== 'admin' && !m.all_vendors;

  return (
    <Stack spacing={2} data-testid={TEAM_IDS.detail}>
      <div>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} size="small">
          {t('detail.back')}
        </Button>
      </div>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>{memberInitials(m)}</Avatar>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h1"
            data-testid={TEAM_IDS.detailTitle}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {memberName(m)}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Typography>
          <MemberBadges member={m} />
        </Stack>
      </Stack>

      {m.invitation_pending ? (
        <Alert severity="info" data-testid={TEAM_IDS.pendingNote}>
          {t('detail.pending')}
        </Alert>
      ) : null}
      {self && canManage ? <Alert severity="info">{t('detail.selfRights')}</Alert> : null}

      <RightsCard
        firmId={firmId}
        member={m}
        canManage={canManage && !self}
        canGrantGroupAdmin={canGrantGroupAdmin && !self}
      />

      <MemberThemesCard firmId={firmId} member={m} canManage={canManage && !self} />

      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={TEAM_IDS.assignments}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('files.title')}
        </Typography>
        {chooses ? (
          <AssignmentsCard firmId={firmId} member={m} canManage={canManage && !self} />
        ) : (
          <Typography color="text.secondary">
            {m.role === 'admin' ? t('access.adminNote') : t('files.allNote')}
          </Typography>
        )}
      </Paper>

      {canManage ? <EndSessionsSection firmId={firmId} member={m} self={self} /> : null}

      {canManage ? (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('remove.section')}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
            {self ? t('remove.self') : t('remove.intro')}
          </Typography>
          <Button
            color="error"
            variant="outlined"
            disabled={self}
            onClick={() => setRemoving(true)}
            data-testid={TEAM_IDS.remove}
          >
            {t('remove.open')}
          </Button>
          {removing ? (
            <RemoveMemberDialog
              firmId={firmId}
              member={m}
              open
              onClose={() => setRemoving(false)}
              onRemoved={onBack}
            />
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * Role, group admin and access to every client file; saved with PATCH (changed fields only).
 * The group admin switch is for a holding administrator (or the super admin) to turn.
 */
function RightsCard({
  firmId,
  member,
  canManage,
  canGrantGroupAdmin,
}: {
  firmId: number;
  member: MemberDetail;
  canManage: boolean;
  canGrantGroupAdmin: boolean;
}) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, reset, setError, formState } = useForm<RightsForm>({
    defaultValues: rightsOf(member),
  });
  useEffect(() => reset(rightsOf(member)), [member, reset]);
  const updateMember = useUpdateMember(firmId);

  const onSubmit = handleSubmit(async (values) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k]) => formState.dirtyFields[k as keyof RightsForm]),
    ) as UpdateMemberRequest;
    try {
      await updateMember.mutateAsync({ userId: member.user_id, body: changed });
      enqueueSnackbar(t('detail.saved'), { variant: 'success' });
    } catch (error) {
      const message = isApiError(error) ? error.body?.errors?.role?.[0] : undefined;
      if (message) setError('role', { message });
    }
  });

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid={TEAM_IDS.rightsForm}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {t('detail.rights')}
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="role"
            label={t('fields.role')}
            select
            fullWidth
            margin="dense"
            disabled={!canManage}
          >
            {firmRoleSchema.options.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`role.${r}`)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Controller
            control={control}
            name="is_group_admin"
            render={({ field }) => (
              <FormControlLabel
                disabled={!canGrantGroupAdmin}
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('fields.groupAdmin')}
              />
            )}
          />
        </Grid>
      </Grid>
      <AccessFields control={control} disabled={!canManage} />
      {canManage || canGrantGroupAdmin ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!formState.isDirty || formState.isSubmitting}
            data-testid={TEAM_IDS.rightsSave}
          >
            {t('actions.save', { ns: 'common' })}
          </Button>
          <Button
            onClick={() => reset(rightsOf(member))}
            disabled={!formState.isDirty || formState.isSubmitting}
          >
            {t('actions.cancel', { ns: 'common' })}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The chosen client files with their read-only switches; saved with PUT (the whole set). */
function AssignmentsCard({
  firmId,
  member,
  canManage,
}: {
  firmId: number;
  member: MemberDetail;
  canManage: boolean;
}) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<ShownAssignment[]>(member.assignments);
  const [busy, setBusy] = useState(false);
  const setAssignments = useSetAssignments(firmId);
  useEffect(() => setDraft(member.assignments), [member.assignments]);
  const diff = useMemo(() => diffAssignments(member.assignments, draft), [member.assignments, draft]);
  const dirty = !isEmptyDiff(diff);

  const save = async () => {
    setBusy(true);
    try {
      await setAssignments.mutateAsync({ userId: member.user_id, list: draft });
      enqueueSnackbar(t('files.saved'), { variant: 'success' });
    } catch {
      // Told by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <AssignmentsEditor firmId={firmId} value={draft} onChange={setDraft} disabled={!canManage} />
      {canManage ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Button
            variant="contained"
            onClick={save}
            disabled={!dirty || busy}
            data-testid={TEAM_IDS.assignmentsSave}
          >
            {t('actions.save', { ns: 'common' })}
          </Button>
          <Button onClick={() => setDraft(member.assignments)} disabled={!dirty || busy}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          {dirty ? (
            <Typography variant="body2" color="text.secondary">
              {t('files.pending', { count: diff.added.length + diff.removed.length + diff.changed.length })}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { email, firmRoleSchema, personName } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { FormTextField } from '../../components/form/form-text-field';
import { PersonFields } from '../../components/form/person-fields';
import { type ShownAssignment, toAssignmentsPayload } from './access';
import { useInviteMember } from './api';
import { AssignmentsEditor } from './assignments-editor';
import { AccessFields } from './rights-fields';
import { TEAM_IDS } from './test-ids';

const addSchema = z.object({
  email: email(),
  firstname: personName(100),
  lastname: personName(100),
  role: firmRoleSchema,
  is_group_admin: z.boolean(),
  all_vendors: z.boolean(),
  read_only: z.boolean(),
});
type AddForm = z.input<typeof addSchema>;

const EMPTY: AddForm = {
  email: '',
  firstname: '',
  lastname: '',
  role: 'collaborator',
  is_group_admin: false,
  all_vendors: false,
  read_only: false,
};

type Props = { firmId: number; open: boolean; canGrantGroupAdmin: boolean; onClose: () => void };

/**
 * "Add a collaborator": email and names, role, group admin (for a holding administrator only),
 * and all client files or chosen ones. An existing account is invited to accept: the names typed
 * are what this firm sees until then.
 */
export function AddMemberDialog({ firmId, open, canGrantGroupAdmin, onClose }: Props) {
  const { t } = useTranslation('team');
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { enqueueSnackbar } = useSnackbar();
  const [assignments, setAssignments] = useState<ShownAssignment[]>([]);
  const inviteMember = useInviteMember(firmId);
  const { control, handleSubmit, reset, setError, formState } = useForm<
    AddForm,
    unknown,
    z.output<typeof addSchema>
  >({ resolver: zodResolver(addSchema), defaultValues: EMPTY });
  const role = useWatch({ control, name: 'role' });
  const allVendors = useWatch({ control, name: 'all_vendors' });
  const chooses = role !== 'admin' && !allVendors;

  const close = () => {
    reset(EMPTY);
    setAssignments([]);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const member = await inviteMember.mutateAsync({
        ...values,
        assignments: chooses ? toAssignmentsPayload(assignments).assignments : [],
      });
      enqueueSnackbar(t(member.invitation_pending ? 'add.invited' : 'add.added', { email: member.email }), {
        variant: 'success',
      });
      close();
    } catch (error) {
      // The snackbar tells the first message; the field shows it too.
      const fields = isApiError(error) ? error.body?.errors : undefined;
      for (const [name, messages] of Object.entries(fields ?? {})) {
        if (name in EMPTY && messages[0]) setError(name as keyof AddForm, { message: messages[0] });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      data-testid={TEAM_IDS.addDialog}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle>{t('add.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('add.intro')}
          </Typography>
          <Grid container columnSpacing={2}>
            <PersonFields
              control={control}
              labels={{
                email: t('fields.email'),
                firstname: t('fields.firstname'),
                lastname: t('fields.lastname'),
              }}
            />
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="role"
                label={t('fields.role')}
                select
                fullWidth
                margin="dense"
              >
                {firmRoleSchema.options.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`role.${r}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            {canGrantGroupAdmin ? (
              <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
                <Controller
                  control={control}
                  name="is_group_admin"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                      }
                      label={t('fields.groupAdmin')}
                    />
                  )}
                />
              </Grid>
            ) : null}
          </Grid>
          <AccessFields control={control} />
          {chooses ? (
            <>
              <AssignmentsEditor firmId={firmId} value={assignments} onChange={setAssignments} />
              {assignments.length === 0 ? (
                <Alert severity="info" sx={{ mt: 1.5 }}>
                  {t('add.noFileYet')}
                </Alert>
              ) : null}
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

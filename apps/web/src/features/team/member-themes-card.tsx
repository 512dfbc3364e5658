import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MemberDetail } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useThemes } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { useUpdateMember } from './api';
import { TEAM_IDS } from './test-ids';

/**
 * The themes whose folders a collaborator sees ("thèmes accessibles"): all, or a list. Firm
 * administrators see every folder; nobody changes their own (the server answers 403).
 */
export function MemberThemesCard({
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
  const themes = useThemes(firmId);
  const update = useUpdateMember(firmId);
  const [all, setAll] = useState(member.all_themes);
  const [ids, setIds] = useState<number[]>(member.theme_ids);
  useEffect(() => {
    setAll(member.all_themes);
    setIds(member.theme_ids);
  }, [member]);
  const dirty =
    all !== member.all_themes || (!all && [...ids].sort().join() !== [...member.theme_ids].sort().join());
  const toggle = (id: number) =>
    setIds((prev) => (prev.includes(id) ? prev.filter((i) => i !== id) : [...prev, id]));
  const save = async () => {
    try {
      await update.mutateAsync({
        userId: member.user_id,
        body: all ? { all_themes: true } : { all_themes: false, theme_ids: ids },
      });
      enqueueSnackbar(t('detail.saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={TEAM_IDS.themes}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('memberThemes.title')}
      </Typography>
      {member.role === 'admin' ? (
        <Typography color="text.secondary">{t('memberThemes.adminNote')}</Typography>
      ) : (
        <>
          <RadioGroup value={all ? 'all' : 'list'} onChange={(e) => setAll(e.target.value === 'all')}>
            <FormControlLabel
              value="all"
              disabled={!canManage}
              control={<Radio />}
              label={t('memberThemes.all')}
            />
            <FormControlLabel
              value="list"
              disabled={!canManage}
              control={<Radio />}
              label={t('memberThemes.list')}
              data-testid={TEAM_IDS.themesList}
            />
          </RadioGroup>
          {!all && (
            <Stack sx={{ pl: 4 }}>
              {(themes.data ?? []).map((theme) => (
                <FormControlLabel
                  key={theme.id}
                  disabled={!canManage}
                  control={<Checkbox checked={ids.includes(theme.id)} onChange={() => toggle(theme.id)} />}
                  label={`${theme.title} · ${t(`memberThemes.rights.${theme.rights}`)}`}
                  data-testid={`${TEAM_IDS.themeOption}-${theme.id}`}
                />
              ))}
              {themes.data?.length === 0 && (
                <Typography color="text.secondary">{t('memberThemes.none')}</Typography>
              )}
            </Stack>
          )}
          {canManage && (
            <Stack direction="row" sx={{ mt: 1 }}>
              <Button
                variant="contained"
                disabled={!dirty || update.isPending}
                onClick={() => void save()}
                data-testid={TEAM_IDS.themesSave}
              >
                {t('memberThemes.save')}
              </Button>
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
}

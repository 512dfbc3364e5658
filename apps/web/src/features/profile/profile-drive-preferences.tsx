import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DAV_FOLDER_PARTS, type DavFolderPart, type DavPreferences, davFolderName } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyFirms } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { useDavPreferences, useSaveDavPreferences } from './api';

/** The example client file the display format is shown on. */
const SAMPLE = { client_code: 'DUP001', company: 'Dupont SARL', siret: '12345678900012' };

type Draft = { all: boolean; firms: number[]; order: DavFolderPart[]; included: DavFolderPart[] };

const draftOf = (p: DavPreferences): Draft => ({
  all: p.visible_accounting_firm_ids === null,
  firms: p.visible_accounting_firm_ids ?? [],
  // The chosen parts first, in their order, then the others (unticked).
  order: [...p.folder_format, ...DAV_FOLDER_PARTS.filter((part) => !p.folder_format.includes(part))],
  included: p.folder_format,
});

/**
 * Network-drive preferences (spec §2): the workspaces the drive shows (all by default) and the
 * parts of the client folders' names, in order, with the example shown as it changes.
 */
export function DrivePreferences() {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const host = window.location.host;
  const firms = useMyFirms(host);
  const preferences = useDavPreferences();
  const save = useSaveDavPreferences();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (preferences.data && !draft) setDraft(draftOf(preferences.data));
  }, [preferences.data, draft]);
  if (!draft) return null;

  const format = draft.order.filter((part) => draft.included.includes(part));
  const example = format.length ? davFolderName(format, SAMPLE) : '';
  const move = (index: number, by: -1 | 1) => {
    const order = [...draft.order];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    setDraft({ ...draft, order });
  };
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const valid = format.length > 0 && (draft.all || draft.firms.length > 0);

  const onSave = () =>
    save.mutate(
      { visible_accounting_firm_ids: draft.all ? null : draft.firms, folder_format: format },
      {
        onSuccess: (data) => {
          setDraft(draftOf(data));
          enqueueSnackbar(t('drivePrefs.saved'), { variant: 'success' });
        },
      },
    );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 2, maxWidth: 640 }} data-testid="drive-preferences">
      <Typography variant="h6" component="h2">
        {t('drivePrefs.title')}
      </Typography>

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('drivePrefs.workspaces')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={draft.all}
            onChange={(e) =>
              setDraft({
                ...draft,
                all: e.target.checked,
                firms: draft.firms.length ? draft.firms : (firms.data ?? []).map((f) => f.id),
              })
            }
          />
        }
        label={t('drivePrefs.allWorkspaces')}
      />
      {!draft.all && (
        <FormGroup sx={{ pl: { xs: 0, sm: 2 } }} data-testid="drive-workspaces">
          {(firms.data ?? []).map((firm) => (
            <FormControlLabel
              key={firm.id}
              control={
                <Checkbox
                  checked={draft.firms.includes(firm.id)}
                  onChange={() => setDraft({ ...draft, firms: toggle(draft.firms, firm.id) })}
                />
              }
              label={firm.name}
            />
          ))}
          {draft.firms.length === 0 && (
            <Typography color="error" variant="body2">
              {t('drivePrefs.chooseOne')}
            </Typography>
          )}
        </FormGroup>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('drivePrefs.format')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('drivePrefs.formatHint')}
      </Typography>
      <List dense data-testid="drive-format">
        {draft.order.map((part, index) => (
          <ListItem key={part} disableGutters sx={{ gap: 1 }}>
            <FormControlLabel
              sx={{ flexGrow: 1, minWidth: 0, mr: 0 }}
              control={
                <Checkbox
                  checked={draft.included.includes(part)}
                  onChange={() => setDraft({ ...draft, included: toggle(draft.included, part) })}
                />
              }
              label={t(`drivePrefs.parts.${part}`)}
            />
            <Box sx={{ flexShrink: 0 }}>
              <IconButton
                size="small"
                disabled={index === 0}
                aria-label={t('drivePrefs.up', { part: t(`drivePrefs.parts.${part}`) })}
                onClick={() => move(index, -1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={index === draft.order.length - 1}
                aria-label={t('drivePrefs.down', { part: t(`drivePrefs.parts.${part}`) })}
                onClick={() => move(index, 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </Box>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary">
        {t('drivePrefs.example')}
      </Typography>
      <Typography
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }}
        data-testid="drive-format-example"
        color={format.length ? 'text.primary' : 'error'}
      >
        {format.length ? example : t('drivePrefs.chooseOnePart')}
      </Typography>
      <Button variant="contained" disabled={!valid || save.isPending} onClick={onSave}>
        {t('drivePrefs.submit')}
      </Button>
    </Paper>
  );
}

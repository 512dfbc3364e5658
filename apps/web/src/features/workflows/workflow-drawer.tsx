import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_STATUS_COLOUR, type Workflow, type WorkflowMover } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useSaveWorkflow, type WorkflowOwner } from './api';

type StatusDraft = { id?: number; key: string; name: string; colour: string; is_final: boolean };
type TransitionDraft = { uid: string; from: string; to: string; movers: WorkflowMover[] };

const SHARINGS = ['shared', 'private_firm', 'private_vendor'] as const;

let keySeed = 0;
const newKey = () => `s${Date.now().toString(36)}${(keySeed++).toString(36)}`;

/** The statuses and transitions of a request from the drafts (keys kept, empty names left out). */
export function toRequest(statuses: StatusDraft[], transitions: TransitionDraft[]) {
  const kept = statuses.filter((s) => s.name.trim() !== '');
  const keys = new Set(kept.map((s) => s.key));
  return {
    statuses: kept.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      key: s.key,
      name: s.name.trim(),
      colour: s.colour,
      is_final: s.is_final,
    })),
    transitions: transitions
      .filter((t) => keys.has(t.from) && keys.has(t.to) && t.from !== t.to && t.movers.length > 0)
      .map((t) => ({ from: t.from, to: t.to, movers: t.movers })),
  };
}

/** The drawer that creates or edits a workflow: name, scope, ordered statuses and transitions. */
export function WorkflowDrawer({
  owner,
  workflow,
  canSeeFirmOnly,
  onClose,
}: {
  owner: WorkflowOwner;
  workflow: Workflow | null;
  /** Firm staff may make a workflow private to the firm. */
  canSeeFirmOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  const save = useSaveWorkflow(owner);
  const [name, setName] = useState(workflow?.name ?? '');
  const [sharing, setSharing] = useState<(typeof SHARINGS)[number]>(workflow?.sharing ?? 'shared');
  const [isActive, setIsActive] = useState(workflow?.is_active ?? true);
  const [statuses, setStatuses] = useState<StatusDraft[]>(
    workflow?.statuses?.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      colour: s.colour,
      is_final: s.is_final,
    })) ?? [{ key: newKey(), name: '', colour: DEFAULT_STATUS_COLOUR, is_final: false }],
  );
  const [transitions, setTransitions] = useState<TransitionDraft[]>(
    workflow?.transitions?.map((x) => ({ uid: newKey(), from: x.from, to: x.to, movers: x.movers })) ?? [],
  );
  const [error, setError] = useState<string | null>(null);
  const busy = save.create.isPending || save.update.isPending;

  const setStatus = (i: number, patch: Partial<StatusDraft>) =>
    setStatuses((prev) => prev.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setTransition = (i: number, patch: Partial<TransitionDraft>) =>
    setTransitions((prev) => prev.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const submit = async () => {
    setError(null);
    const shape = toRequest(statuses, transitions);
    // Without any transition written, the server's default applies on creation (neighbours).
    const body = {
      name,
      sharing,
      is_active: isActive,
      statuses: shape.statuses,
      ...(shape.transitions.length || workflow ? { transitions: shape.transitions } : {}),
    };
    try {
      if (workflow) await save.update.mutateAsync({ id: workflow.id, body });
      else await save.create.mutateAsync(body);
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    }
  };

  const named = statuses.filter((s) => s.name.trim() !== '');
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the app bar (which stays above the navigation drawer), as a dialog is.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
    >
      <Stack
        spacing={2}
        sx={{ p: { xs: 2, sm: 3 } }}
        component="form"
        data-testid="workflow-drawer"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Typography variant="h6">{workflow ? t('edit') : t('create')}</Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Typography variant="subtitle2">{t('general')}</Typography>
        <TextField
          label={t('name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'workflow-name' } }}
        />
        <TextField
          select
          label={t('scope')}
          value={sharing}
          onChange={(e) => setSharing(e.target.value as typeof sharing)}
          slotProps={{ htmlInput: { 'data-testid': 'workflow-sharing' } }}
        >
          {SHARINGS.filter(
            (s) =>
              (canSeeFirmOnly || s !== 'private_firm') && (owner.kind === 'vendor' || s !== 'private_vendor'),
          ).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`scopes.${owner.kind}.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          label={t('active')}
        />
        <Typography variant="subtitle2">{t('statuses')}</Typography>
        {statuses.map((s, i) => (
          <Stack key={s.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={i === 0 ? t('statusInitial') : t('status')}
              value={s.name}
              onChange={(e) => setStatus(i, { name: e.target.value })}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': `workflow-status-${i}` } }}
            />
            <Box
              component="input"
              type="color"
              aria-label={t('colour')}
              value={s.colour}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setStatus(i, { colour: e.target.value })}
              sx={{ width: 36, height: 36, border: 0, p: 0, bgcolor: 'transparent' }}
            />
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={s.is_final}
                  onChange={(e) => setStatus(i, { is_final: e.target.checked })}
                />
              }
              label={t('final')}
            />
            <IconButton
              aria-label={t('deleteStatus', { name: s.name })}
              disabled={statuses.length === 1}
              onClick={() => setStatuses((prev) => prev.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              setStatuses((prev) => [
                ...prev,
                { key: newKey(), name: '', colour: DEFAULT_STATUS_COLOUR, is_final: false },
              ])
            }
            data-testid="workflow-add-status"
          >
            {t('addStatus')}
          </Button>
        </Box>
        <Typography variant="subtitle2">{t('transitions')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('transitionsHelp')}
        </Typography>
        {transitions.map((x, i) => (
          <Stack key={x.uid} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {(['from', 'to'] as const).map((end) => (
              <TextField
                key={end}
                select
                size="small"
                label={t(end)}
                value={named.some((s) => s.key === x[end]) ? x[end] : ''}
                onChange={(e) => setTransition(i, { [end]: e.target.value })}
                sx={{ minWidth: 140, flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `workflow-transition-${i}-${end}` } }}
              >
                {named.map((s) => (
                  <MenuItem key={s.key} value={s.key}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            {(['firm', 'client'] as const).map((mover) => (
              <FormControlLabel
                key={mover}
                control={
                  <Checkbox
                    size="small"
                    checked={x.movers.includes(mover)}
                    onChange={(e) =>
                      setTransition(i, {
                        movers: e.target.checked ? [...x.movers, mover] : x.movers.filter((m) => m !== mover),
                      })
                    }
                    slotProps={{ input: { 'data-testid': `workflow-transition-${i}-${mover}` } as object }}
                  />
                }
                label={t(`movers.${mover}`)}
              />
            ))}
            <IconButton
              aria-label={t('deleteTransition')}
              onClick={() => setTransitions((prev) => prev.filter((_, j) => j !== i))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              setTransitions((prev) => [...prev, { uid: newKey(), from: '', to: '', movers: ['firm'] }])
            }
            data-testid="workflow-add-transition"
          >
            {t('addTransition')}
          </Button>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !name.trim()}
            data-testid="workflow-save"
          >
            {t('save')}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  QUICKFOLDER_TOKENS,
  type QuickfolderDto,
  type QuickfolderPeriodMode,
  renameByPattern,
  validRenamePattern,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useThemes } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';
import { FolderPickerDialog } from '../documents/folder-picker-dialog';
import { useFirmVendors, useRootFolder, useSaveQuickfolder, useVendorPeriods } from './api';

const PERIOD_MODES: readonly QuickfolderPeriodMode[] = ['none', 'drop_date', 'fixed'];
const today = () => new Date().toISOString().slice(0, 10);

/** Creates a quick-drop folder of one of the firm's client files, or changes one (`editing`). */
export function QuickfolderDialog({
  firmId,
  editing,
  onClose,
}: {
  firmId: number;
  editing: QuickfolderDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('quickfolders');
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const vendors = useFirmVendors(firmId, editing === null);
  const themes = useThemes(firmId);
  const save = useSaveQuickfolder();
  const [vendorId, setVendorId] = useState<number | null>(editing?.vendor_id ?? null);
  const [name, setName] = useState(editing?.name ?? '');
  const [folder, setFolder] = useState<{ id: number; name: string } | null>(
    editing && !editing.needs_folder ? { id: editing.folder_id, name: editing.folder_name ?? '' } : null,
  );
  const [picking, setPicking] = useState(false);
  const [pattern, setPattern] = useState(editing?.rename_pattern ?? '');
  const [mode, setMode] = useState<QuickfolderPeriodMode>(editing?.period_mode ?? 'none');
  const [periodId, setPeriodId] = useState<number | null>(editing?.accounting_period_id ?? null);
  const [themeIds, setThemeIds] = useState<number[]>(editing?.theme_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const root = useRootFolder(vendorId);
  const periods = useVendorPeriods(mode === 'fixed' ? vendorId : null);
  const vendor = vendors.data?.data.find((v) => v.id === vendorId);
  const fieldError = (field: string) => errors[field]?.join(' ');
  const patternOk = validRenamePattern(pattern.trim());
  const preview = patternOk
    ? renameByPattern(pattern.trim(), 'facture.pdf', {
        date: today(),
        client_code: vendor?.client_code ?? 'CODE01',
        company: vendor?.company ?? editing?.vendor_name ?? '',
        quickfolder: name.trim(),
      })
    : null;

  const submit = async () => {
    setErrors({});
    if (!vendorId) {
      setErrors({ vendor_id: [t('dialog.vendorRequired')] });
      return;
    }
    if (!folder) {
      setErrors({ folder_id: [t('dialog.folderRequired')] });
      return;
    }
    const body = {
      name: name.trim(),
      folder_id: folder.id,
      rename_pattern: pattern.trim(),
      period_mode: mode,
      accounting_period_id: mode === 'fixed' ? periodId : null,
      theme_ids: themeIds,
    };
    try {
      await (editing
        ? save.mutateAsync({ vendorId, id: editing.id, body })
        : save.mutateAsync({ vendorId, body }));
      enqueueSnackbar(t(editing ? 'dialog.saved' : 'dialog.created'), { variant: 'success' });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.body?.errors) setErrors(error.body.errors);
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
    }
  };

  return (
    <>
      <Dialog
        open={!picking}
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        data-testid="quickfolder-dialog"
      >
        <DialogTitle>{t(editing ? 'dialog.editTitle' : 'dialog.newTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {editing ? (
              <Typography color="text.secondary">{editing.vendor_name}</Typography>
            ) : (
              <TextField
                select
                label={t('dialog.vendor')}
                value={vendorId ?? ''}
                onChange={(e) => {
                  setVendorId(Number(e.target.value));
                  setFolder(null);
                  setPeriodId(null);
                }}
                error={Boolean(fieldError('vendor_id'))}
                helperText={fieldError('vendor_id')}
                slotProps={{ htmlInput: { 'data-testid': 'quickfolder-vendor' } }}
              >
                {(vendors.data?.data ?? []).map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.company} ({v.client_code})
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              label={t('dialog.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(fieldError('name'))}
              helperText={fieldError('name')}
              slotProps={{ htmlInput: { 'data-testid': 'quickfolder-name', maxLength: 100 } }}
            />
            <Stack spacing={0.5}>
              <Typography variant="body2" color="text.secondary">
                {t('dialog.folder')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography data-testid="quickfolder-folder-name" sx={{ overflowWrap: 'anywhere' }}>
                  {folder?.name || t('dialog.noFolder')}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!root.data}
                  onClick={() => setPicking(true)}
                  data-testid="quickfolder-pick-folder"
                >
                  {t('dialog.pickFolder')}
                </Button>
              </Stack>
              {fieldError('folder_id') ? (
                <Typography variant="caption" color="error">
                  {fieldError('folder_id')}
                </Typography>
              ) : null}
            </Stack>
            <TextField
              label={t('dialog.pattern')}
              value={pattern}
              onChange={(e) => setPattern(e.target.value)}
              error={!patternOk || Boolean(fieldError('rename_pattern'))}
              helperText={
                fieldError('rename_pattern') ??
                (patternOk
                  ? t('dialog.preview', { name: preview })
                  : t('dialog.patternInvalid', { tokens: QUICKFOLDER_TOKENS.map((k) => `{${k}}`).join(' ') }))
              }
              slotProps={{ htmlInput: { 'data-testid': 'quickfolder-pattern', maxLength: 200 } }}
            />
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {QUICKFOLDER_TOKENS.map((token) => (
                <Chip
                  key={token}
                  size="small"
                  label={t(`tokens.${token}`)}
                  onClick={() => setPattern((p) => `${p}${p && !p.endsWith(' ') ? ' ' : ''}{${token}}`)}
                />
              ))}
            </Stack>
            <TextField
              select
              label={t('dialog.period')}
              value={mode}
              onChange={(e) => setMode(e.target.value as QuickfolderPeriodMode)}
              slotProps={{ htmlInput: { 'data-testid': 'quickfolder-period-mode' } }}
            >
              {PERIOD_MODES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`periodMode.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            {mode === 'fixed' ? (
              <TextField
                select
                label={t('dialog.fixedPeriod')}
                value={periodId ?? ''}
                onChange={(e) => setPeriodId(Number(e.target.value))}
                error={Boolean(fieldError('accounting_period_id'))}
                helperText={fieldError('accounting_period_id')}
              >
                {(periods.data ?? []).map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <TextField
              select
              label={t('dialog.themes')}
              value={themeIds}
              onChange={(e) => {
                const v = e.target.value as unknown as number[] | string;
                setThemeIds(typeof v === 'string' ? v.split(',').map(Number) : v);
              }}
              error={Boolean(fieldError('theme_ids'))}
              helperText={fieldError('theme_ids') ?? t('dialog.themesHelp')}
              slotProps={{ select: { multiple: true } }}
            >
              {(themes.data ?? []).map((th) => (
                <MenuItem key={th.id} value={th.id}>
                  {th.title}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button
            variant="contained"
            disabled={save.isPending || !patternOk}
            onClick={() => void submit()}
            data-testid="quickfolder-save"
          >
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {picking && root.data && vendorId ? (
        <FolderPickerDialog
          vendorId={vendorId}
          root={root.data}
          title={t('dialog.pickFolder')}
          confirmLabel={t('dialog.choose')}
          initial={{ expanded: new Set<number>() }}
          busy={false}
          onPick={(f) => {
            setFolder({ id: f.id, name: f.name });
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </>
  );
}

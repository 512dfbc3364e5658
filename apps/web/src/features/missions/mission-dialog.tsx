import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MissionServiceInput } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { useMissionCatalog, useMissionWrites } from './api';

const year = new Date().getFullYear();

/**
 * Adds a not-signed mission to the client file from a service or an offer of the catalogue (an
 * offer brings its services, quantities and prices). 422 errors under their field.
 */
export function MissionDialog({
  vendorId,
  firmId,
  onClose,
  onCreated,
}: {
  vendorId: number;
  firmId: number;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('missions');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const catalog = useMissionCatalog(firmId);
  const writes = useMissionWrites(vendorId);
  const [source, setSource] = useState<'service' | 'offer'>('service');
  const [itemId, setItemId] = useState('');
  const [name, setName] = useState('');
  const [reference, setReference] = useState('');
  const [start, setStart] = useState(`${year}-01-01`);
  const [end, setEnd] = useState(`${year}-12-31`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: string) => (errors[key] ? { error: true, helperText: errorText(errors[key]) } : {});
  const items = source === 'service' ? (catalog.data?.services ?? []) : (catalog.data?.offers ?? []);

  const pick = (id: string) => {
    setItemId(id);
    setErrors({});
    const item = items.find((i) => String(i.id) === id);
    const label = item && ('title' in item ? item.title : item.name);
    if (label && !name.trim()) setName(`${label} ${start.slice(0, 4)}`);
  };

  const services = (): MissionServiceInput[] => {
    const id = Number(itemId);
    if (source === 'service') return [{ service_id: id }];
    const offer = catalog.data?.offers.find((o) => o.id === id);
    return (offer?.services ?? []).map((s) => ({
      service_id: s.service_id,
      offer_id: id,
      quantity: s.quantity,
      ...(s.unit_price_cents !== null ? { unit_price_cents: s.unit_price_cents } : {}),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!itemId) return setErrors({ item: 'required' });
    if (!name.trim()) return setErrors({ name: 'required' });
    try {
      const created = await writes.create.mutateAsync({
        name: name.trim(),
        reference: reference.trim() || null,
        start_date: start,
        end_date: end,
        services: services(),
      });
      enqueueSnackbar(t('created'), { variant: 'success' });
      onClose();
      onCreated(created.id);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && Object.keys(fields).length) setErrors(fields);
      if (isApiError(error) && !fields) enqueueSnackbar(error.message, { variant: 'error' });
      else if (fields && Object.keys(fields).some((k) => k.startsWith('services')))
        enqueueSnackbar(errorText(Object.values(fields)[0]!), { variant: 'error' });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      data-testid="mission-dialog"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle>{t('addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={source}
              onChange={(_, v) => {
                if (v) {
                  setSource(v);
                  setItemId('');
                }
              }}
              aria-label={t('source')}
            >
              <ToggleButton value="service" data-testid="mission-source-service">
                {t('fromService')}
              </ToggleButton>
              <ToggleButton value="offer" data-testid="mission-source-offer">
                {t('fromOffer')}
              </ToggleButton>
            </ToggleButtonGroup>
            <TextField
              select
              required
              label={source === 'service' ? t('service') : t('offer')}
              value={itemId}
              onChange={(e) => pick(e.target.value)}
              {...field('item')}
              slotProps={{ htmlInput: { 'data-testid': 'mission-item' } }}
              helperText={
                errors.item
                  ? errorText(errors.item)
                  : items.length === 0 && catalog.data
                    ? t('noCatalog')
                    : undefined
              }
            >
              {items.map((i) => (
                <MenuItem key={i.id} value={String(i.id)}>
                  {'title' in i ? i.title : i.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              required
              label={t('name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors({});
              }}
              {...field('name')}
              slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'mission-name' } }}
            />
            <TextField
              label={t('reference')}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              {...field('reference')}
              slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'mission-reference' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                required
                fullWidth
                label={t('start')}
                value={start}
                onChange={(e) => setStart(e.target.value)}
                {...field('start_date')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'mission-start' } }}
              />
              <TextField
                type="date"
                required
                fullWidth
                label={t('end')}
                value={end}
                onChange={(e) => setEnd(e.target.value)}
                {...field('end_date')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'mission-end' } }}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={writes.create.isPending}
            data-testid="mission-save"
          >
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

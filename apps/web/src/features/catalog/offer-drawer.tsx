import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CATALOG_VISIBILITIES,
  type CatalogOffer,
  type CatalogService,
  type CreateCatalogOfferRequest,
  DURATION_UNITS,
} from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { centsToInput, formatCents, parseAmount, useCatalogWrites, useCategories, useServices } from './api';

type Line = { service_id: number; title: string; unitPrice: number; quantity: string; price: string };

/** Composes an offer: its services (quantity, own price), categories, package price, duration. */
export function OfferDrawer({
  firmId,
  offer,
  onClose,
}: {
  firmId: number;
  offer: CatalogOffer | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const writes = useCatalogWrites(firmId);
  const categories = useCategories(firmId);
  const services = useServices(firmId, null, '');
  const [name, setName] = useState(offer?.name ?? '');
  const [description, setDescription] = useState(offer?.description ?? '');
  const [categoryIds, setCategoryIds] = useState<number[]>(offer?.category_ids ?? []);
  const [lines, setLines] = useState<Line[]>(
    (offer?.services ?? []).map((s) => ({
      service_id: s.service_id,
      title: s.title,
      unitPrice: s.effective_unit_price_cents,
      quantity: String(s.quantity),
      price: centsToInput(s.unit_price_cents),
    })),
  );
  const [packagePrice, setPackagePrice] = useState(centsToInput(offer?.price_cents));
  const [durationValue, setDurationValue] = useState(
    offer?.duration_value ? String(offer.duration_value) : '',
  );
  const [durationUnit, setDurationUnit] = useState<string>(offer?.duration_unit ?? '');
  const [visibility, setVisibility] = useState<CatalogOffer['visibility']>(offer?.visibility ?? 'public');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = writes.createOffer.isPending || writes.updateOffer.isPending;
  const err = (key: string) => (errors[key] ? { error: true, helperText: errorText(errors[key]) } : {});
  const available = (services.data?.data ?? []).filter(
    (s) => !s.archived && !lines.some((l) => l.service_id === s.id),
  );
  const sum = lines.reduce(
    (total, l) => total + (Number(l.quantity) || 1) * (parseAmount(l.price) ?? l.unitPrice),
    0,
  );
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const add = (s: CatalogService | null) =>
    s &&
    setLines((ls) => [
      ...ls,
      {
        service_id: s.id,
        title: s.title,
        unitPrice: s.unit_price_cents,
        quantity: String(s.quantity),
        price: '',
      },
    ]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'required';
    if (lines.length === 0) local.services = 'offer-needs-a-service';
    if (packagePrice.trim() && parseAmount(packagePrice) === null) local.price_cents = 'invalid-amount';
    lines.forEach((l, i) => {
      if (l.price.trim() && parseAmount(l.price) === null)
        local[`services.${i}.unit_price_cents`] = 'invalid-amount';
    });
    if (Object.keys(local).length) return setErrors(local);
    const body: CreateCatalogOfferRequest = {
      name: name.trim(),
      description: description.trim() || null,
      category_ids: categoryIds,
      services: lines.map((l) => ({
        service_id: l.service_id,
        quantity: Number(l.quantity) || 1,
        unit_price_cents: l.price.trim() ? parseAmount(l.price) : null,
      })),
      price_cents: packagePrice.trim() ? parseAmount(packagePrice) : null,
      duration_value: durationValue.trim() ? Number(durationValue) : null,
      duration_unit: (durationUnit || null) as CreateCatalogOfferRequest['duration_unit'],
      visibility,
    };
    try {
      if (offer) await writes.updateOffer.mutateAsync({ id: offer.id, body });
      else await writes.createOffer.mutateAsync(body);
      enqueueSnackbar(t(offer ? 'offer.updated' : 'offer.created'), { variant: 'success' });
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
      data-testid="offer-drawer"
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {offer ? t('offer.editTitle', { name: offer.name }) : t('offer.addTitle')}
        </Typography>
        <TextField
          required
          autoFocus
          label={t('offer.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...err('name')}
          slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'offer-name' } }}
        />
        <TextField
          multiline
          minRows={2}
          label={t('offer.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          {...err('description')}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <TextField
          select
          label={t('offer.categories')}
          value={categoryIds}
          onChange={(e) => {
            const v = e.target.value as unknown as number[] | string;
            setCategoryIds(typeof v === 'string' ? v.split(',').map(Number) : v);
          }}
          {...err('category_ids')}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) =>
                (v as number[]).map((id) => categories.data?.find((c) => c.id === id)?.name ?? id).join(', '),
            },
          }}
        >
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle1" component="h3">
          {t('offer.services')}
        </Typography>
        {errors.services ? (
          <Typography variant="body2" color="error">
            {errorText(errors.services)}
          </Typography>
        ) : null}
        {lines.map((l, i) => (
          <Stack key={l.service_id} spacing={1} data-testid={`offer-line-${i}`}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: 1, wordBreak: 'break-word' }}>{l.title}</Typography>
              <IconButton
                aria-label={t('offer.removeService', { title: l.title })}
                onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                type="number"
                label={t('service.quantity')}
                value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })}
                {...err(`services.${i}.quantity`)}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { min: 1, 'data-testid': `offer-line-quantity-${i}` } }}
              />
              <TextField
                size="small"
                label={t('offer.linePrice')}
                placeholder={centsToInput(l.unitPrice)}
                value={l.price}
                onChange={(e) => setLine(i, { price: e.target.value })}
                {...err(`services.${i}.unit_price_cents`)}
                {...(errors[`services.${i}.service_id`]
                  ? { error: true, helperText: errorText(errors[`services.${i}.service_id`]) }
                  : {})}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
          </Stack>
        ))}
        <Autocomplete
          options={available}
          value={null}
          loading={services.isPending}
          getOptionLabel={(s) => (s.abbreviation ? `${s.title} (${s.abbreviation})` : s.title)}
          onChange={(_, s) => add(s)}
          blurOnSelect
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('offer.addService')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'offer-add-service' },
              }}
            />
          )}
        />
        <Typography color="text.secondary" data-testid="offer-sum">
          {t('offer.sumValue', { amount: formatCents(sum, i18n.language) })}
        </Typography>
        <TextField
          label={t('offer.packagePrice')}
          value={packagePrice}
          onChange={(e) => setPackagePrice(e.target.value)}
          {...err('price_cents')}
          helperText={errors.price_cents ? errorText(errors.price_cents) : t('offer.packagePriceHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'offer-price' } }}
        />
        <Stack direction="row" spacing={1}>
          <TextField
            type="number"
            label={t('service.duration')}
            value={durationValue}
            onChange={(e) => setDurationValue(e.target.value)}
            {...err('duration_value')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <TextField
            select
            label={t('service.durationUnit')}
            value={durationUnit}
            onChange={(e) => setDurationUnit(e.target.value)}
            {...err('duration_unit')}
            sx={{ flex: 1 }}
          >
            <MenuItem value="">—</MenuItem>
            {DURATION_UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`duration.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          select
          label={t('service.visibility')}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as CatalogOffer['visibility'])}
        >
          {CATALOG_VISIBILITIES.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`visibility.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="offer-save">
            {t('actions.save', { ns: 'common' })}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CATALOG_UNITS,
  CATALOG_VISIBILITIES,
  type CatalogService,
  type CreateCatalogServiceRequest,
  DEFAULT_VAT_RATE,
  DUE_RULE_KINDS,
  DURATION_UNITS,
  FREQUENCIES,
} from '@portal/contracts';
import { fromHexId, toHexId } from '@portal/contracts/context';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { PageLoader } from '../../components/page-loader';
import { centsToInput, formatCents, parseAmount, useCatalogWrites, useCategories, useService } from './api';
import { useCatalogNav } from './catalog-nav';
import { type TaskDraft, TaskTemplateEditor } from './task-template-editor';

type Values = Record<
  | 'title'
  | 'reference'
  | 'abbreviation'
  | 'deliverable'
  | 'price'
  | 'quantity'
  | 'vat'
  | 'durationValue'
  | 'durationUnit'
  | 'minutes'
  | 'commercial'
  | 'contractual'
  | 'dueDay'
  | 'dueDays'
  | 'leadDays',
  string
> & {
  categoryId: number;
  unit: CatalogService['unit'];
  visibility: CatalogService['visibility'];
  frequency: CatalogService['frequency'];
  dueKind: CatalogService['due_rule']['kind'];
  archived: boolean;
  tasks: TaskDraft[];
};

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function initial(categoryId: number, s: CatalogService | undefined): Values {
  return {
    categoryId: s?.category_id ?? categoryId,
    title: s?.title ?? '',
    reference: s?.reference ?? '',
    abbreviation: s?.abbreviation ?? '',
    deliverable: s?.deliverable ?? '',
    price: s ? centsToInput(s.unit_price_cents) : '',
    unit: s?.unit ?? 'unit',
    quantity: str(s?.quantity ?? 1),
    vat: str(s?.vat_rate ?? DEFAULT_VAT_RATE),
    durationValue: str(s?.duration_value),
    durationUnit: s?.duration_unit ?? '',
    minutes: str(s?.time_allocation_minutes),
    commercial: s?.commercial_description ?? '',
    contractual: s?.contractual_description ?? '',
    visibility: s?.visibility ?? 'public',
    frequency: s?.frequency ?? 'none',
    dueKind: s?.due_rule.kind ?? 'first_due_date',
    dueDay: str(s?.due_rule.day),
    dueDays: str(s?.due_rule.days),
    leadDays: str(s?.lead_days ?? 0),
    archived: s?.archived ?? false,
    tasks: (s?.tasks ?? []).map((task) => ({ ...task, offset_days: String(task.offset_days) })),
  };
}

const int = (value: string) => (value.trim() === '' ? null : Number(value));

/** The request body of the form, or the fields typed wrong (message keys). */
function build(v: Values): { body: CreateCatalogServiceRequest } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const cents = parseAmount(v.price);
  if (!v.title.trim()) errors.title = 'required';
  if (cents === null) errors.unit_price_cents = 'invalid-amount';
  const vat = Number(v.vat.replace(',', '.'));
  if (v.vat.trim() === '' || Number.isNaN(vat)) errors.vat_rate = 'invalid-value';
  v.tasks.forEach((task, i) => {
    if (!task.title.trim()) errors[`tasks.${i}.title`] = 'required';
  });
  if (Object.keys(errors).length) return { errors };
  const text = (s: string) => s.trim() || null;
  return {
    body: {
      category_id: v.categoryId,
      title: v.title.trim(),
      reference: text(v.reference),
      abbreviation: text(v.abbreviation),
      deliverable: text(v.deliverable),
      unit_price_cents: cents!,
      unit: v.unit,
      quantity: int(v.quantity) ?? 1,
      vat_rate: vat,
      duration_value: int(v.durationValue),
      duration_unit: (v.durationUnit || null) as CreateCatalogServiceRequest['duration_unit'],
      time_allocation_minutes: int(v.minutes),
      commercial_description: text(v.commercial),
      contractual_description: text(v.contractual),
      visibility: v.visibility,
      frequency: v.frequency,
      due_rule: {
        kind: v.dueKind,
        ...(v.dueKind === 'day_of_period' ? { day: int(v.dueDay) } : {}),
        ...(v.dueKind === 'after_closing' ? { days: int(v.dueDays) } : {}),
      },
      lead_days: int(v.leadDays) ?? 0,
      archived: v.archived,
      tasks: v.tasks.map((task) => ({
        key: task.key,
        title: task.title.trim(),
        offset_days: Number(task.offset_days) || 0,
        assignee: task.assignee,
        parent_key: task.parent_key,
        depends_on: task.depends_on,
      })),
    },
  };
}

/** `offers/categories/{categoryId}/catalog-services/{catalogServiceId|create}`: a service's form. */
export function ServicePage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  const params = useParams();
  const categoryId = fromHexId(params.categoryId ?? '') ?? 0;
  const serviceId = params.serviceId === 'create' ? null : fromHexId(params.serviceId ?? '');
  const query = useService(firmId, serviceId);
  if (serviceId !== null && query.isPending) return <PageLoader />;
  if (serviceId !== null && query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  return (
    <ServiceForm
      key={serviceId ?? 'new'}
      firmId={firmId}
      categoryId={categoryId}
      service={query.data}
      canManage={canManage && (serviceId !== null || params.serviceId === 'create')}
    />
  );
}

function ServiceForm({
  firmId,
  categoryId,
  service,
  canManage,
}: {
  firmId: number;
  categoryId: number;
  service: CatalogService | undefined;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('catalog');
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { go } = useCatalogNav();
  const categories = useCategories(firmId);
  const writes = useCatalogWrites(firmId);
  const [values, setValues] = useState<Values>(() => initial(categoryId, service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = writes.createService.isPending || writes.updateService.isPending;
  const readOnly = !canManage;
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const back = (id = values.categoryId) => go(`offers/categories/${toHexId(id)}`);
  const field = (name: string, extra: object = {}) => ({
    fullWidth: true,
    disabled: readOnly,
    ...(errors[name] ? { error: true, helperText: errorText(errors[name]) } : {}),
    ...extra,
  });
  const cents = parseAmount(values.price);
  const total = cents === null ? null : cents * (Number(values.quantity) || 1);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = build(values);
    if ('errors' in built) return setErrors(built.errors);
    setErrors({});
    try {
      if (service) await writes.updateService.mutateAsync({ id: service.id, body: built.body });
      else await writes.createService.mutateAsync(built.body);
      enqueueSnackbar(t(service ? 'service.updated' : 'service.created'), { variant: 'success' });
      back(built.body.category_id);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };

  const section = (title: string, children: ReactNode) => (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children}
    </Stack>
  );
  const row = (children: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {children}
    </Stack>
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="service-page">
      <form noValidate onSubmit={submit}>
        <Stack spacing={3}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => back()}>
              {t('actions.back', { ns: 'common' })}
            </Button>
            <Typography variant="h6" component="h2" sx={{ flex: 1, wordBreak: 'break-word' }}>
              {service ? service.title : t('service.addTitle')}
            </Typography>
          </Stack>
          {section(
            t('service.general'),
            <>
              <TextField
                required
                label={t('service.title')}
                value={values.title}
                onChange={(e) => set({ title: e.target.value })}
                {...field('title')}
                slotProps={{ htmlInput: { maxLength: 150, 'data-testid': 'service-title' } }}
              />
              {row(
                <>
                  <TextField
                    label={t('service.reference')}
                    value={values.reference}
                    onChange={(e) => set({ reference: e.target.value })}
                    {...field('reference')}
                    slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'service-reference' } }}
                  />
                  <TextField
                    label={t('service.abbreviation')}
                    value={values.abbreviation}
                    onChange={(e) => set({ abbreviation: e.target.value })}
                    {...field('abbreviation')}
                    slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'service-abbreviation' } }}
                  />
                </>,
              )}
              {row(
                <>
                  <TextField
                    select
                    label={t('service.category')}
                    value={categories.data?.some((c) => c.id === values.categoryId) ? values.categoryId : ''}
                    onChange={(e) => set({ categoryId: Number(e.target.value) })}
                    {...field('category_id')}
                  >
                    {(categories.data ?? []).map((c) => (
                      <MenuItem key={c.id} value={c.id}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    label={t('service.visibility')}
                    value={values.visibility}
                    onChange={(e) => set({ visibility: e.target.value as Values['visibility'] })}
                    {...field('visibility', { helperText: t(`visibility.${values.visibility}Help`) })}
                  >
                    {CATALOG_VISIBILITIES.map((v) => (
                      <MenuItem key={v} value={v}>
                        {t(`visibility.${v}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </>,
              )}
              <TextField
                label={t('service.deliverable')}
                value={values.deliverable}
                onChange={(e) => set({ deliverable: e.target.value })}
                {...field('deliverable')}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </>,
          )}
          <Divider />
          {section(
            t('service.pricing'),
            <>
              {row(
                <>
                  <TextField
                    required
                    label={t('service.unitPrice')}
                    value={values.price}
                    onChange={(e) => set({ price: e.target.value })}
                    {...field('unit_price_cents')}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'service-price' } }}
                  />
                  <TextField
                    select
                    label={t('service.unit')}
                    value={values.unit}
                    onChange={(e) => set({ unit: e.target.value as Values['unit'] })}
                    {...field('unit')}
                  >
                    {CATALOG_UNITS.map((u) => (
                      <MenuItem key={u} value={u}>
                        {t(`unit.${u}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </>,
              )}
              {row(
                <>
                  <TextField
                    type="number"
                    label={t('service.quantity')}
                    value={values.quantity}
                    onChange={(e) => set({ quantity: e.target.value })}
                    {...field('quantity')}
                    slotProps={{ htmlInput: { min: 1 } }}
                  />
                  <TextField
                    label={t('service.vatRate')}
                    value={values.vat}
                    onChange={(e) => set({ vat: e.target.value })}
                    {...field('vat_rate')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </>,
              )}
              <Typography color="text.secondary" data-testid="service-total">
                {t('service.total', { amount: total === null ? '—' : formatCents(total, i18n.language) })}
              </Typography>
              {row(
                <>
                  <TextField
                    type="number"
                    label={t('service.duration')}
                    value={values.durationValue}
                    onChange={(e) => set({ durationValue: e.target.value })}
                    {...field('duration_value')}
                    slotProps={{ htmlInput: { min: 1 } }}
                  />
                  <TextField
                    select
                    label={t('service.durationUnit')}
                    value={values.durationUnit}
                    onChange={(e) => set({ durationUnit: e.target.value })}
                    {...field('duration_unit')}
                  >
                    <MenuItem value="">—</MenuItem>
                    {DURATION_UNITS.map((u) => (
                      <MenuItem key={u} value={u}>
                        {t(`duration.${u}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    type="number"
                    label={t('service.timeAllocation')}
                    value={values.minutes}
                    onChange={(e) => set({ minutes: e.target.value })}
                    {...field('time_allocation_minutes')}
                    slotProps={{ htmlInput: { min: 0 } }}
                  />
                </>,
              )}
            </>,
          )}
          <Divider />
          {section(
            t('service.recurrence'),
            <>
              {row(
                <>
                  <TextField
                    select
                    label={t('service.frequency')}
                    value={values.frequency}
                    onChange={(e) => set({ frequency: e.target.value as Values['frequency'] })}
                    {...field('frequency')}
                  >
                    {FREQUENCIES.map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`frequency.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    type="number"
                    label={t('service.leadDays')}
                    value={values.leadDays}
                    onChange={(e) => set({ leadDays: e.target.value })}
                    {...field('lead_days')}
                    slotProps={{ htmlInput: { min: 0, max: 366 } }}
                  />
                </>,
              )}
              {row(
                <>
                  <TextField
                    select
                    label={t('service.dueRule')}
                    value={values.dueKind}
                    onChange={(e) => set({ dueKind: e.target.value as Values['dueKind'] })}
                    {...field('due_rule.kind')}
                  >
                    {DUE_RULE_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {t(`dueRule.${k}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  {values.dueKind === 'day_of_period' ? (
                    <TextField
                      type="number"
                      label={t('service.dueDay')}
                      value={values.dueDay}
                      onChange={(e) => set({ dueDay: e.target.value })}
                      {...field('due_rule.day')}
                      slotProps={{ htmlInput: { min: 1, max: 31 } }}
                    />
                  ) : null}
                  {values.dueKind === 'after_closing' ? (
                    <TextField
                      type="number"
                      label={t('service.dueDays')}
                      value={values.dueDays}
                      onChange={(e) => set({ dueDays: e.target.value })}
                      {...field('due_rule.days')}
                      slotProps={{ htmlInput: { min: 0, max: 366 } }}
                    />
                  ) : null}
                </>,
              )}
            </>,
          )}
          <Divider />
          {section(
            t('service.descriptions'),
            <>
              <TextField
                multiline
                minRows={3}
                label={t('service.commercial')}
                value={values.commercial}
                onChange={(e) => set({ commercial: e.target.value })}
                {...field('commercial_description', {
                  helperText: errors.commercial_description
                    ? errorText(errors.commercial_description)
                    : t('service.commercialHelp'),
                })}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
              <TextField
                multiline
                minRows={3}
                label={t('service.contractual')}
                value={values.contractual}
                onChange={(e) => set({ contractual: e.target.value })}
                {...field('contractual_description', {
                  helperText: errors.contractual_description
                    ? errorText(errors.contractual_description)
                    : t('service.contractualHelp'),
                })}
                slotProps={{ htmlInput: { maxLength: 10000 } }}
              />
            </>,
          )}
          <Divider />
          <TaskTemplateEditor
            tasks={values.tasks}
            onChange={(tasks) => set({ tasks })}
            errors={errors}
            errorText={errorText}
            readOnly={readOnly}
          />
          {service ? (
            <FormControlLabel
              control={
                <Switch
                  checked={values.archived}
                  disabled={readOnly}
                  onChange={(e) => set({ archived: e.target.checked })}
                />
              }
              label={t('service.archiveLabel')}
            />
          ) : null}
          {canManage ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => back()}>{t('actions.cancel', { ns: 'common' })}</Button>
              <Button type="submit" variant="contained" disabled={busy} data-testid="service-save">
                {t('actions.save', { ns: 'common' })}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

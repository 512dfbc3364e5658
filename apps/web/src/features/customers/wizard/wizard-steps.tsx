import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import FolderIcon from '@mui/icons-material/Folder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isValidSiret } from '@portal/contracts/rules/luhn';
import { useEffect, useState } from 'react';
import { type Control, Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useWhiteLabel } from '../../../app/white-label';
import type { FieldDef } from '../../../components/form/field-defs';
import { FormField } from '../../../components/form/form-field';
import { useErrorText } from '../../../components/form/use-error-text';
import { PageLoader } from '../../../components/page-loader';
import { lookupSiret, type TreeFolder, useMembers, useTreeStructures } from '../api';
import { clientModules, fillFromLookup, nextPeriod, type WizardValues } from './wizard-logic';

type Form = UseFormReturn<WizardValues>;

function Intro({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {text}
    </Typography>
  );
}

function Field({
  control,
  def,
  label,
  autoFocus,
}: {
  control: Control<WizardValues>;
  def: FieldDef;
  label: string;
  autoFocus?: boolean;
}) {
  return <FormField control={control} def={def} ns="client-file" label={label} autoFocus={autoFocus} />;
}

const ID_TYPES = ['siret', 'siren', 'duns', 'other'] as const;

/** Step 1: the official identifier; a SIRET is looked up when the field is left. */
export function BasicStep({ form }: { form: Form }) {
  const { t } = useTranslation('customers');
  const type = useWatch({ control: form.control, name: 'identifier_type' });
  const [lookup, setLookup] = useState<'idle' | 'loading' | 'found' | 'not-found'>('idle');
  const onSiretBlur = async () => {
    const siret = form.getValues('siret').replace(/\s/g, '');
    if (!isValidSiret(siret)) {
      setLookup('idle');
      return;
    }
    setLookup('loading');
    try {
      const result = await lookupSiret(siret);
      const patch = fillFromLookup(form.getValues(), result);
      for (const [key, value] of Object.entries(patch))
        form.setValue(key as 'company', value as string, { shouldDirty: true });
      setLookup(result.found ? 'found' : 'not-found');
    } catch {
      setLookup('not-found');
    }
  };
  return (
    <Stack spacing={1}>
      <Intro text={t('wizard.intro.basic')} />
      <Controller
        control={form.control}
        name="identifier_type"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="identifier-type-label">{t('wizard.identifierType')}</FormLabel>
            <RadioGroup row aria-labelledby="identifier-type-label" {...field}>
              {ID_TYPES.map((v) => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={t(`wizard.idTypes.${v}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {type === 'siret' ? (
        <Box onBlur={onSiretBlur}>
          <Field
            control={form.control}
            def={{ name: 'siret', required: true }}
            label={t('wizard.idTypes.siret')}
            autoFocus
          />
        </Box>
      ) : type === 'siren' ? (
        <Field
          control={form.control}
          def={{ name: 'siren', required: true }}
          label={t('wizard.idTypes.siren')}
          autoFocus
        />
      ) : (
        <Field
          control={form.control}
          def={{ name: 'identifier', required: true }}
          label={t(`wizard.idTypes.${type}`)}
          autoFocus
        />
      )}
      {type === 'siret' && lookup === 'loading' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t('wizard.lookup.loading')}</Typography>
        </Stack>
      ) : null}
      {type === 'siret' && lookup === 'found' ? (
        <Alert severity="success" data-testid="siret-lookup-found">
          {t('wizard.lookup.found')}
        </Alert>
      ) : null}
      {type === 'siret' && lookup === 'not-found' ? (
        <Alert severity="info" data-testid="siret-lookup-not-found">
          {t('wizard.lookup.notFound')}
        </Alert>
      ) : null}
    </Stack>
  );
}

const GENERAL: { def: FieldDef; width: 6 | 12 }[] = [
  { def: { name: 'company', required: true }, width: 6 },
  { def: { name: 'corporate_name', required: true }, width: 6 },
  { def: { name: 'client_code', required: true }, width: 6 },
  { def: { name: 'legal_form' }, width: 6 },
  { def: { name: 'contact_email', kind: 'email' }, width: 6 },
  { def: { name: 'contact_phone' }, width: 6 },
  { def: { name: 'naf_code' }, width: 6 },
];

/** Step 2: names, client code and contact (filled from the SIRET when found). */
export function GeneralStep({ control }: { control: Control<WizardValues> }) {
  const { t } = useTranslation('customers');
  return (
    <>
      <Intro text={t('wizard.intro.general')} />
      <Grid container columnSpacing={2}>
        {GENERAL.map(({ def, width }, i) => (
          <Grid key={def.name} size={{ xs: 12, sm: width }}>
            <Field
              control={control}
              def={def}
              label={t(`client-file:fields.${def.name}`)}
              autoFocus={i === 0}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

/** Step 3: accounting periods (one calendar year by default). */
export function PeriodsStep({ form }: { form: Form }) {
  const { t } = useTranslation('customers');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'periods' });
  return (
    <>
      <Intro text={t('wizard.intro.periods')} />
      <Stack spacing={1}>
        {fields.map((f, index) => (
          <Paper key={f.id} variant="outlined" sx={{ p: 1.5 }} data-testid="wizard-period">
            <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.name`, required: true }}
                  label={t('client-file:fields.name')}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 3.5 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.start_date`, kind: 'date', required: true }}
                  label={t('client-file:fields.start_date')}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 3.5 }}>
                <Field
                  control={form.control}
                  def={{ name: `periods.${index}.end_date`, kind: 'date', required: true }}
                  label={t('client-file:fields.end_date')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 1 }} sx={{ textAlign: 'right' }}>
                <IconButton aria-label={t('wizard.removePeriod')} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              </Grid>
            </Grid>
          </Paper>
        ))}
        {fields.length === 0 ? <Typography color="text.secondary">{t('wizard.noPeriod')}</Typography> : null}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append(nextPeriod(form.getValues('periods')))}>
            {t('wizard.addPeriod')}
          </Button>
        </Box>
      </Stack>
    </>
  );
}

/** Step 4: the client's administrator, invited by mail (optional). */
export function AdminStep({ control }: { control: Control<WizardValues> }) {
  const { t } = useTranslation('customers');
  return (
    <>
      <Intro text={t('wizard.intro.admin')} />
      <Field
        control={control}
        def={{ name: 'admin_email', kind: 'email' }}
        label={t('wizard.adminEmail')}
        autoFocus
      />
    </>
  );
}

/** A list of checkboxes bound to an array of values. */
function CheckboxList<V extends number | string>({
  form,
  name,
  options,
  label,
}: {
  form: Form;
  name: 'accountant_ids' | 'module_keys';
  options: { value: V; label: string; detail?: string }[];
  label: string;
}) {
  const errorText = useErrorText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const selected = field.value as V[];
        const toggle = (v: V, on: boolean) =>
          field.onChange(on ? [...selected, v] : selected.filter((x) => x !== v));
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {label}
            </FormLabel>
            <FormGroup>
              {options.map((o) => (
                <FormControlLabel
                  key={String(o.value)}
                  control={
                    <Checkbox
                      checked={selected.includes(o.value)}
                      onChange={(e) => toggle(o.value, e.target.checked)}
                    />
                  }
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography>{o.label}</Typography>
                      {o.detail ? (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {o.detail}
                        </Typography>
                      ) : null}
                    </Box>
                  }
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { pt: 0.5 } }}
                />
              ))}
            </FormGroup>
            {fieldState.error ? <FormHelperText>{errorText(fieldState.error.message)}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}

/** Step 5: the firm's members who follow the client file. */
export function AccountantsStep({ form, firmId }: { form: Form; firmId: number }) {
  const { t } = useTranslation('customers');
  const members = useMembers(firmId);
  if (members.isPending) return <PageLoader />;
  const options = (members.data ?? []).map((m) => ({
    value: m.user_id,
    label: [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email,
    detail: `${m.email} · ${t(`wizard.firmRoles.${m.role}`, { defaultValue: m.role })}`,
  }));
  return (
    <>
      <Intro text={t('wizard.intro.accountants')} />
      {options.length === 0 ? (
        <Typography color="text.secondary">{t('wizard.noMembers')}</Typography>
      ) : (
        <CheckboxList
          form={form}
          name="accountant_ids"
          options={options}
          label={t('wizard.steps.accountants')}
        />
      )}
    </>
  );
}

/** Step 6: the applications the client gets (the firm's client-side modules). */
export function AppsStep({ form }: { form: Form }) {
  const { t } = useTranslation('customers');
  const options = clientModules(useWhiteLabel().data?.modules ?? []).map((m) => ({
    value: m.key,
    label: t(`wizard.modules.${m.key}`, { defaultValue: m.name }),
  }));
  return (
    <>
      <Intro text={t('wizard.intro.apps')} />
      {options.length === 0 ? (
        <Typography color="text.secondary">{t('wizard.noModules')}</Typography>
      ) : (
        <CheckboxList form={form} name="module_keys" options={options} label={t('wizard.steps.apps')} />
      )}
    </>
  );
}

function FolderTree({
  folders,
  depth = 0,
  path = '',
}: {
  folders: TreeFolder[];
  depth?: number;
  path?: string;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: depth === 0 ? 0 : 2.5 }}>
      {folders.map((f) => (
        <li key={`${path}/${f.name}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25 }}>
            <FolderIcon fontSize="small" color="primary" aria-hidden />
            <Typography variant="body2">{f.name}</Typography>
          </Stack>
          {f.children?.length ? (
            <FolderTree folders={f.children} depth={depth + 1} path={`${path}/${f.name}`} />
          ) : null}
        </li>
      ))}
    </Box>
  );
}

/** Step 7: the catalogue tree structure of the client's folders, with a preview. */
export function TreeStep({ form, firmId }: { form: Form; firmId: number }) {
  const { t } = useTranslation('customers');
  const trees = useTreeStructures(firmId);
  const selected = useWatch({ control: form.control, name: 'tree_structure_id' });
  useEffect(() => {
    if (trees.data && form.getValues('tree_structure_id') === null) {
      const preferred = trees.data.find((s) => s.is_default) ?? trees.data[0];
      if (preferred) form.setValue('tree_structure_id', preferred.id);
    }
  }, [trees.data, form]);
  if (trees.isPending) return <PageLoader />;
  const list = trees.data ?? [];
  const current = list.find((s) => s.id === selected);
  return (
    <>
      <Intro text={t('wizard.intro.tree')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <Controller
            control={form.control}
            name="tree_structure_id"
            render={({ field }) => (
              <RadioGroup
                aria-label={t('wizard.steps.tree')}
                value={field.value === null ? '' : String(field.value)}
                onChange={(e) => field.onChange(Number(e.target.value))}
              >
                {list.map((s) => (
                  <FormControlLabel
                    key={s.id}
                    value={String(s.id)}
                    control={<Radio />}
                    label={s.is_default ? t('wizard.defaultTree', { name: s.name }) : s.name}
                  />
                ))}
              </RadioGroup>
            )}
          />
          {list.length === 0 ? <Typography color="text.secondary">{t('wizard.noTree')}</Typography> : null}
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          {current ? (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="tree-preview">
              <Typography variant="subtitle2" gutterBottom>
                {t('wizard.treePreview', { name: current.name })}
              </Typography>
              <FolderTree folders={current.folders} />
            </Paper>
          ) : null}
        </Grid>
      </Grid>
    </>
  );
}

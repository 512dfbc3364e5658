import FolderIcon from '@mui/icons-material/Folder';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useWhiteLabel } from '../../../app/white-label';
import { PageLoader } from '../../../components/page-loader';
import { type TreeFolder, useMembers, useTreeStructures } from '../api';
import { CheckboxList, type Form, Intro } from './step-parts';
import { clientModules } from './wizard-logic';

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

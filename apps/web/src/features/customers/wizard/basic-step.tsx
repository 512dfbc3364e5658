import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isValidSiret } from '@portal/contracts/rules/luhn';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lookupSiret } from '../api';
import { Field, type Form, Intro } from './step-parts';
import { fillFromLookup } from './wizard-logic';

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

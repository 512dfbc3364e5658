import Chip from '@mui/material/Chip';
import { type AccountingPeriod, type PeriodInput, periodInputSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../components/form/field-defs';
import { periodsApi } from '../api';
import { ChildrenTab } from './children-tab';
import type { ClientFileTabProps } from './types';

const PERIOD_FIELDS: readonly FieldDef[] = [
  { name: 'name', required: true, width: 12 },
  { name: 'start_date', kind: 'date', required: true },
  { name: 'end_date', kind: 'date', required: true },
];

/** A calendar year as the default new period. */
export function defaultPeriod(year = new Date().getFullYear()): PeriodInput {
  return { name: String(year), start_date: `${year}-01-01`, end_date: `${year}-12-31` };
}

/** Accounting periods (financial years): creating and deleting run in the background. */
export function FinancialYearsTab({ vendorId, canWrite }: ClientFileTabProps) {
  const { t, i18n } = useTranslation('client-file');
  const query = periodsApi.useList(vendorId);
  const create = periodsApi.useCreate(vendorId);
  const update = periodsApi.useUpdate(vendorId);
  const remove = periodsApi.useRemove(vendorId);
  const date = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString(i18n.language);
  return (
    <ChildrenTab<AccountingPeriod>
      ns="periods"
      testId="client-file-financial-years"
      canWrite={canWrite}
      query={query}
      primary={(p) => p.name}
      secondary={(p) => t('periods.range', { start: date(p.start_date), end: date(p.end_date) })}
      extra={(p) =>
        p.status === 'ready' ? null : (
          <Chip size="small" color="warning" label={t(`periods.status.${p.status}`)} />
        )
      }
      editable={(p) => p.status === 'ready'}
      createDefs={PERIOD_FIELDS}
      createSchema={periodInputSchema}
      initialCreate={defaultPeriod()}
      create={(p) => create.mutateAsync(periodInputSchema.parse(p))}
      update={(item, p) => update.mutateAsync({ id: item.id, body: periodInputSchema.parse(p) })}
      remove={(item) => remove.mutateAsync(item.id)}
    />
  );
}

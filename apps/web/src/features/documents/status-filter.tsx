import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolderWorkflow } from './status-api';

/** The statuses filtering a folder's listing: they belong to the folder they were chosen in. */
export function useStatusFilter(folderId: number | null): [number[], (ids: number[]) => void] {
  const [filter, setFilter] = useState<{ folderId: number | null; statusIds: number[] }>({
    folderId: null,
    statusIds: [],
  });
  return [
    filter.folderId === folderId ? filter.statusIds : [],
    (statusIds) => setFilter({ folderId, statusIds }),
  ];
}

/**
 * The shown folder's workflow statuses with their counts in its subtree ("12 À compléter"): a
 * chip per status that has nodes, pressed to list only the nodes at it (several may be pressed).
 * Nothing when no workflow applies there, or the caller may not see it.
 */
export function StatusFilter({
  vendorId,
  folderId,
  selected,
  onChange,
}: {
  vendorId: number;
  folderId: number | null;
  selected: readonly number[];
  onChange: (statusIds: number[]) => void;
}) {
  const { t } = useTranslation('workflows');
  const query = useFolderWorkflow(vendorId, folderId);
  const workflow = query.data?.workflow;
  if (!workflow?.statuses?.length) return null;
  const countOf = new Map(query.data?.counts.map((c) => [c.status_id, c.count]));
  const shown = workflow.statuses.filter((s) => (countOf.get(s.id) ?? 0) > 0 || selected.includes(s.id));
  if (!shown.length) return null;
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('filter', { name: workflow.name })}
      sx={{ gap: 0.5, flexWrap: 'wrap', px: 2, pt: 1 }}
      data-testid="status-filter"
    >
      {shown.map((s) => {
        const on = selected.includes(s.id);
        return (
          <Chip
            key={s.id}
            size="small"
            clickable
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            label={t('countAt', { count: countOf.get(s.id) ?? 0, name: s.name })}
            onClick={() => toggle(s.id)}
            sx={on ? undefined : { borderColor: s.colour }}
            data-testid={`status-filter-${s.id}`}
          />
        );
      })}
    </Stack>
  );
}

import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CatalogCategory, CatalogService } from '@portal/contracts';
import { toHexId } from '@portal/contracts/context';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatCents, useCatalogWrites, useServices } from './api';
import { SearchAddBar, SearchedPage } from './catalog-list-parts';
import { useCatalogNav } from './catalog-nav';

/** The services of a category: search, open one (its form), add one, delete one no offer uses. */
export function ServicesList({
  firmId,
  category,
  canManage,
}: {
  firmId: number;
  category: CatalogCategory;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('catalog');
  const { go } = useCatalogNav();
  const [search, setSearch] = useState('');
  const query = useServices(firmId, category.id, search);
  const writes = useCatalogWrites(firmId);
  const [removing, setRemoving] = useState<CatalogService | null>(null);
  const open = (id: number | 'create') =>
    go(`offers/categories/${toHexId(category.id)}/catalog-services/${id === 'create' ? id : toHexId(id)}`);

  return (
    <Stack spacing={2} data-testid="services-list">
      <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
        {category.name}
      </Typography>
      {category.description ? <Typography color="text.secondary">{category.description}</Typography> : null}
      <SearchAddBar
        label={t('service.search')}
        value={search}
        onChange={setSearch}
        addLabel={canManage ? t('service.add') : null}
        onAdd={() => open('create')}
        testId="service"
      />
      <SearchedPage query={query} empty={t(search.trim() ? 'noMatch' : 'service.empty')}>
        {(rows) => (
          <List dense disablePadding>
            {rows.map((s) => (
              <ListItem
                key={s.id}
                disablePadding
                divider
                data-testid={`service-row-${s.id}`}
                secondaryAction={
                  canManage ? (
                    <IconButton
                      aria-label={t('service.delete', { title: s.title })}
                      onClick={() => setRemoving(s)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : null
                }
              >
                <ListItemButton onClick={() => open(s.id)}>
                  <ListItemText
                    primary={
                      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{s.abbreviation ? `${s.title} (${s.abbreviation})` : s.title}</span>
                        {s.visibility === 'private' ? (
                          <Chip size="small" label={t('visibility.private')} />
                        ) : null}
                        {s.archived ? (
                          <Chip size="small" variant="outlined" label={t('service.archived')} />
                        ) : null}
                      </Stack>
                    }
                    secondary={[
                      `${formatCents(s.unit_price_cents, i18n.language)} / ${t(`unit.${s.unit}`)}`,
                      t(`frequency.${s.frequency}`),
                      s.reference,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </SearchedPage>
      {query.data && query.data.total > query.data.data.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('moreResults', { shown: query.data.data.length, total: query.data.total })}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('service.deleteTitle', { title: removing?.title ?? '' })}
        body={t('service.deleteBody')}
        confirmLabel={t('delete')}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? writes.deleteService.mutateAsync(removing.id) : Promise.resolve())}
      />
    </Stack>
  );
}

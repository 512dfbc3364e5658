import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { CatalogOffer } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatCents, useCatalogWrites, useOffers } from './api';
import { SearchAddBar, SearchedPage } from './catalog-list-parts';
import { OfferDrawer } from './offer-drawer';

/** `offers/catalog-offers`: the firm's offers (search, compose, edit, delete). */
export function OffersPage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  const { t, i18n } = useTranslation('catalog');
  const [search, setSearch] = useState('');
  const query = useOffers(firmId, search);
  const writes = useCatalogWrites(firmId);
  const [editing, setEditing] = useState<CatalogOffer | 'new' | null>(null);
  const [removing, setRemoving] = useState<CatalogOffer | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="offers-page">
      <Stack spacing={2}>
        <SearchAddBar
          label={t('offer.search')}
          value={search}
          onChange={setSearch}
          addLabel={canManage ? t('offer.add') : null}
          onAdd={() => setEditing('new')}
          testId="offer"
        />
        <SearchedPage query={query} empty={t(search.trim() ? 'noMatch' : 'offer.empty')}>
          {(rows) => (
            <List dense disablePadding data-testid="offer-list">
              {rows.map((o) => (
                <ListItem
                  key={o.id}
                  divider
                  data-testid={`offer-row-${o.id}`}
                  secondaryAction={
                    canManage ? (
                      <>
                        <IconButton
                          aria-label={t('offer.edit', { name: o.name })}
                          onClick={() => setEditing(o)}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          aria-label={t('offer.delete', { name: o.name })}
                          onClick={() => setRemoving(o)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    ) : null
                  }
                  sx={{ pr: canManage ? 13 : 2 }}
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{o.name}</span>
                        {o.visibility === 'private' ? (
                          <Chip size="small" label={t('visibility.private')} />
                        ) : null}
                      </Stack>
                    }
                    secondary={[
                      formatCents(o.total_price_cents, i18n.language) +
                        (o.price_cents === null ? ` (${t('offer.sum')})` : ''),
                      o.services.map((s) => `${s.title} × ${s.quantity}`).join(', '),
                      o.duration_value && o.duration_unit
                        ? t('offer.durationValue', {
                            count: o.duration_value,
                            unit: t(`duration.${o.duration_unit}`),
                          })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </SearchedPage>
      </Stack>
      {editing ? (
        <OfferDrawer
          firmId={firmId}
          offer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('offer.deleteTitle', { name: removing?.name ?? '' })}
        body={t('offer.deleteBody')}
        confirmLabel={t('delete')}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? writes.deleteOffer.mutateAsync(removing.id) : Promise.resolve())}
      />
    </Paper>
  );
}

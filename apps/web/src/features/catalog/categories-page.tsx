import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogCategory } from '@portal/contracts';
import { fromHexId, toHexId } from '@portal/contracts/context';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { useCatalogWrites, useCategories } from './api';
import { useCatalogNav } from './catalog-nav';
import { CategoryDialog } from './category-dialog';
import { ServicesList } from './services-list';

/**
 * `offers/categories/{categoryId?}`: the catalogue's categories (search, add, rename, reorder,
 * delete an empty one) and, beside them (below on a phone), the chosen category's services.
 */
export function CategoriesPage({ firmId, canManage }: { firmId: number; canManage: boolean }) {
  const { t } = useTranslation('catalog');
  const { go } = useCatalogNav();
  const params = useParams();
  const query = useCategories(firmId);
  const writes = useCatalogWrites(firmId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CatalogCategory | 'new' | null>(null);
  const [removing, setRemoving] = useState<CatalogCategory | null>(null);
  const chosenId = params.categoryId ? fromHexId(params.categoryId) : null;
  const categories = query.data ?? [];
  const chosen = categories.find((c) => c.id === chosenId) ?? null;
  const shown = categories.filter((c) => c.name.toLowerCase().includes(search.trim().toLowerCase()));
  const open = (c: CatalogCategory) => go(`offers/categories/${toHexId(c.id)}`);

  /** Swaps the positions of a category and its neighbour (positions renumbered from the list). */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...categories];
    const other = index + by;
    if (other < 0 || other >= order.length) return;
    [order[index], order[other]] = [order[other]!, order[index]!];
    await Promise.all(
      order.flatMap((c, position) =>
        c.position === position ? [] : [writes.updateCategory.mutateAsync({ id: c.id, body: { position } })],
      ),
    );
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        sx={{ p: { xs: 2, sm: 3 }, width: { xs: '100%', md: 360 }, flexShrink: 0 }}
        data-testid="categories-page"
      >
        <Stack spacing={2}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('category.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ flex: 1, minWidth: 160 }}
              slotProps={{ htmlInput: { 'data-testid': 'category-search' } }}
            />
            {canManage ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setEditing('new')}
                data-testid="category-add"
              >
                {t('category.add')}
              </Button>
            ) : null}
          </Stack>
          {query.isPending ? (
            <PageLoader />
          ) : query.isError ? (
            <Alert severity="error">{query.error.message}</Alert>
          ) : shown.length === 0 ? (
            <Typography color="text.secondary">
              {t(categories.length ? 'noMatch' : 'category.empty')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="category-list">
              {shown.map((c) => {
                const index = categories.indexOf(c);
                return (
                  <ListItem
                    key={c.id}
                    disablePadding
                    divider
                    data-testid={`category-row-${c.id}`}
                    secondaryAction={
                      canManage ? (
                        <>
                          <IconButton
                            size="small"
                            aria-label={t('category.up', { name: c.name })}
                            disabled={index === 0 || search.trim() !== '' || writes.updateCategory.isPending}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUpwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t('category.down', { name: c.name })}
                            disabled={
                              index === categories.length - 1 ||
                              search.trim() !== '' ||
                              writes.updateCategory.isPending
                            }
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDownwardIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t('category.edit', { name: c.name })}
                            onClick={() => setEditing(c)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t('category.delete', { name: c.name })}
                            onClick={() => setRemoving(c)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </>
                      ) : null
                    }
                    sx={{ pr: canManage ? 18 : 0 }}
                  >
                    <ListItemButton selected={c.id === chosenId} onClick={() => open(c)}>
                      <ListItemText
                        primary={c.name}
                        secondary={t('category.serviceCount', { count: c.service_count })}
                        slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Stack>
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0, width: '100%' }}>
        {chosen ? (
          <ServicesList firmId={firmId} category={chosen} canManage={canManage} />
        ) : (
          <Typography color="text.secondary">
            {t(categories.length ? 'category.choose' : 'category.startHere')}
          </Typography>
        )}
      </Paper>
      {editing ? (
        <CategoryDialog
          firmId={firmId}
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={open}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('category.deleteTitle', { name: removing?.name ?? '' })}
        body={t(removing?.service_count ? 'category.deleteNotEmpty' : 'category.deleteBody')}
        confirmLabel={t('delete')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await writes.deleteCategory.mutateAsync(removing.id);
          if (removing.id === chosenId) go('offers/categories');
        }}
      />
    </Stack>
  );
}

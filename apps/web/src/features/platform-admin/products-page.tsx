import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SaProduct } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useDeleteSaProduct, useSaModules, useSaProducts, useUpdateSaProduct } from './api';
import { ProductCreateForm } from './product-create-form';
import { SaPageHeader } from './sa-page-header';
import { SA_IDS } from './test-ids';

/** `sa/products`: billed bundles of modules (no payment is taken here). */
export function ProductsPage() {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const products = useSaProducts();
  const modules = useSaModules();
  const update = useUpdateSaProduct();
  const remove = useDeleteSaProduct();
  const [deleting, setDeleting] = useState<SaProduct | null>(null);
  const nameOf = (key: string) => modules.data?.find((m) => m.key === key)?.name ?? key;

  return (
    <Stack spacing={3} data-testid={SA_IDS.productsPage}>
      <SaPageHeader title={t('sections.products.title')} subtitle={t('products.pageIntro')} />
      {modules.data ? <ProductCreateForm modules={modules.data} /> : null}
      {products.isPending ? <PageLoader /> : null}
      {products.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {products.data?.length === 0 ? (
        <Typography color="text.secondary">{t('products.empty')}</Typography>
      ) : null}
      {products.data?.map((p) => (
        <Paper key={p.id} variant="outlined" sx={{ p: 2 }} data-testid={`${SA_IDS.productRow}-${p.id}`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{p.name}</Typography>
              {p.description ? (
                <Typography variant="body2" color="text.secondary">
                  {p.description}
                </Typography>
              ) : null}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {p.module_keys.map((k) => (
                  <Chip key={k} size="small" variant="outlined" label={nameOf(k)} />
                ))}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('products.portals', { count: p.firm_count })}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Switch
                checked={p.is_active}
                onChange={(_, is_active) => void update.mutateAsync({ id: p.id, body: { is_active } })}
                slotProps={{ input: { 'aria-label': t('products.activeLabel', { name: p.name }) } }}
              />
              <IconButton aria-label={t('products.delete', { name: p.name })} onClick={() => setDeleting(p)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Stack>
        </Paper>
      ))}
      {deleting ? (
        <TypeToConfirmDialog
          title={t('products.deleteTitle', { name: deleting.name })}
          warning={t('products.deleteWarning')}
          severity="error"
          instruction={t('products.deleteType', { name: deleting.name })}
          label={t('products.name')}
          confirmLabel={t('remove')}
          word={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={async (typed) => {
            await remove.mutateAsync({ id: deleting.id, confirm: typed });
            enqueueSnackbar(t('products.deleted', { name: deleting.name }), { variant: 'success' });
            setDeleting(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

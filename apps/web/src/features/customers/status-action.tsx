import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { VendorListItem } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetVendorActive } from '../../app/shared-api';
import { useSnackbar } from '../../app/snackbars';

/** A row's menu: deactivate or restore the client file (the server checks the rights). */
export function StatusAction({ vendor }: { vendor: Pick<VendorListItem, 'id' | 'company' | 'status'> }) {
  const { t } = useTranslation('customers');
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setVendorActive = useSetVendorActive(vendor.id);
  const active = vendor.status === 'active';
  const toggle = async () => {
    setAnchor(null);
    try {
      await setVendorActive.mutateAsync(!active);
      enqueueSnackbar(t(active ? 'row.deactivated' : 'row.restored', { name: vendor.company }), {
        variant: 'success',
      });
    } catch {
      // Reported by the API client.
    }
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('row.actions', { name: vendor.company })}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        data-testid="customers-row-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        <MenuItem onClick={toggle}>{t(active ? 'row.deactivate' : 'row.restore')}</MenuItem>
      </Menu>
    </>
  );
}

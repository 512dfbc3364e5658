import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VendorListItem } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ShownAssignment, withAssignment, withoutAssignment } from './access';
import { useFirmVendors } from './api';
import { TEAM_IDS } from './test-ids';
import { useDebounced } from './use-debounced';

type Props = {
  firmId: number;
  value: readonly ShownAssignment[];
  onChange: (next: ShownAssignment[]) => void;
  /** Read only: the list without the picker, switches or remove buttons. */
  disabled?: boolean;
};

/** Chosen client files: a searchable picker, then one row per file with its read-only switch. */
export function AssignmentsEditor({ firmId, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation('team');
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const vendors = useFirmVendors(firmId, search);
  const chosen = useMemo(() => new Set(value.map((a) => a.vendor_id)), [value]);
  const options = (vendors.data?.data ?? []).filter((v) => !chosen.has(v.id));

  const add = (v: VendorListItem | null) => {
    if (!v) return;
    onChange(
      withAssignment([...value], {
        vendor_id: v.id,
        read_only: false,
        company: v.company,
        client_code: v.client_code,
      }),
    );
    setInput('');
  };

  return (
    <Stack spacing={1.5}>
      {disabled ? null : (
        <Autocomplete<VendorListItem, false, false, false>
          options={options}
          value={null}
          inputValue={input}
          onInputChange={(_e, text, reason) => {
            if (reason !== 'reset') setInput(text);
          }}
          onChange={(_e, v) => add(v)}
          filterOptions={(x) => x}
          getOptionLabel={(v) => `${v.company} (${v.client_code})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={vendors.isFetching}
          noOptionsText={t('files.noOption')}
          loadingText={t('files.loading')}
          renderOption={({ key, ...props }, v) => (
            <li key={key} {...props}>
              <ListItemText primary={v.company} secondary={v.client_code} />
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('files.add')}
              placeholder={t('files.searchPlaceholder')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': TEAM_IDS.vendorPicker },
              }}
            />
          )}
        />
      )}
      {value.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('files.none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {value.map((a, index) => (
            <ListItem
              key={a.vendor_id}
              divider={index < value.length - 1}
              data-testid={TEAM_IDS.assignmentItem}
              sx={{ flexWrap: 'wrap', columnGap: 1 }}
              secondaryAction={
                disabled ? null : (
                  <IconButton
                    edge="end"
                    aria-label={t('files.remove', { company: a.company })}
                    onClick={() => onChange(withoutAssignment(value, a.vendor_id))}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={a.company}
                secondary={a.client_code}
                sx={{ minWidth: 140, flex: '1 1 140px' }}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <FormControlLabel
                sx={{ mr: disabled ? 0 : 4 }}
                control={
                  <Switch
                    size="small"
                    checked={a.read_only}
                    disabled={disabled}
                    onChange={(e) => onChange(withAssignment(value, { ...a, read_only: e.target.checked }))}
                    slotProps={{ input: { 'aria-label': t('files.readOnlyOf', { company: a.company }) } }}
                  />
                }
                label={t(a.read_only ? 'mode.readOnly' : 'mode.readWrite')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

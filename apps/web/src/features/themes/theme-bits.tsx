import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { TaskTheme, Theme } from '@portal/contracts';

/** Black or white text, whichever reads better on the theme's colour (light and dark modes alike). */
const textOn = (colour: string) => (getContrastRatio(colour, '#fff') >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)');

/** A theme as a small chip in its colour. */
export function ThemeChip({ theme, ...props }: { theme: TaskTheme; onDelete?: ChipProps['onDelete'] }) {
  return (
    <Chip
      size="small"
      label={theme.title}
      data-testid={`theme-chip-${theme.id}`}
      sx={{ bgcolor: theme.colour, color: textOn(theme.colour), maxWidth: 200 }}
      {...props}
    />
  );
}

/** A task's themes, side by side (nothing when it has none). */
export function ThemeChips({ themes }: { themes: readonly TaskTheme[] }) {
  if (themes.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {themes.map((theme) => (
        <ThemeChip key={theme.id} theme={theme} />
      ))}
    </Box>
  );
}

type SelectProps = {
  themes: readonly Theme[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  label: string;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  testId?: string;
};

/** Several themes picked among the firm's, shown as coloured chips. */
export function ThemesSelect({
  themes,
  value,
  onChange,
  label,
  size,
  error,
  helperText,
  testId,
}: SelectProps) {
  return (
    <Autocomplete
      multiple
      size={size}
      options={themes as Theme[]}
      value={themes.filter((th) => value.includes(th.id))}
      getOptionLabel={(th) => (th.abbreviation ? `${th.title} (${th.abbreviation})` : th.title)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, picked) => onChange(picked.map((th) => th.id))}
      renderOption={({ key, ...props }, th) => (
        <li key={key} {...props}>
          <Box
            component="span"
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: th.colour, mr: 1, flexShrink: 0 }}
          />
          {th.title}
        </li>
      )}
      renderValue={(picked, getItemProps) =>
        picked.map((th, index) => {
          const { key, onDelete } = getItemProps({ index });
          return <ThemeChip key={key} theme={th} onDelete={onDelete} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

import { createTheme, type Theme } from '@mui/material/styles';
import type { WhiteLabel } from '@portal/contracts';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@portal/contracts/limits';

const HEX = /^#?[0-9a-fA-F]{6}$/;
const colour = (value: string | undefined, fallback: string) =>
  value && HEX.test(value) ? (value.startsWith('#') ? value : `#${value}`) : fallback;

/** The MUI theme of a white label (its colours) in light or dark mode. */
export function buildTheme(
  label: Pick<WhiteLabel, 'primary_color' | 'secondary_color'> | null,
  dark: boolean,
): Theme {
  return createTheme({
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: colour(label?.primary_color, DEFAULT_PRIMARY_COLOR) },
      secondary: { main: colour(label?.secondary_color, DEFAULT_SECONDARY_COLOR) },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: { defaultProps: { enableColorOnDark: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    },
  });
}

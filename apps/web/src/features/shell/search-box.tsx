import SearchIcon from '@mui/icons-material/Search';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { encodeContext } from '@portal/contracts/context';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { useWorkspace } from './workspace-context';

/** The shell's search box: opens the search screen of the current firm on the words typed. */
export function SearchBox() {
  const { t } = useTranslation('shell');
  const { firm } = useWorkspace();
  const navigate = useAppNavigate();
  const [q, setQ] = useState('');
  if (!firm) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = q.trim();
    if (!words) return;
    navigate(`/search/${encodeContext(firm.id)}?${new URLSearchParams({ q: words })}`);
    setQ('');
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      elevation={0}
      sx={{ display: 'flex', alignItems: 'center', px: 1, minWidth: 0, width: { xs: 120, sm: 200, md: 260 } }}
    >
      <SearchIcon fontSize="small" color="action" />
      <InputBase
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('search.placeholder')}
        inputProps={{ 'aria-label': t('search.label'), maxLength: 200, 'data-testid': 'shell-search' }}
        sx={{ ml: 1, flex: 1, minWidth: 0 }}
        type="search"
      />
    </Paper>
  );
}

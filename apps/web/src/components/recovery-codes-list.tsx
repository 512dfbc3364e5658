import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once: a grid to copy or print, and a copy button. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Alert severity="warning">{t('mfa.recoveryWarning')}</Alert>
      <Box
        component="ul"
        data-testid="recovery-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, 1fr)',
          gap: 1,
          listStyle: 'none',
          p: 0,
          m: 0,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button
        variant="outlined"
        onClick={() =>
          void navigator.clipboard?.writeText(codes.join('\n')).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('mfa.copied') : t('mfa.copy')}
      </Button>
    </>
  );
}

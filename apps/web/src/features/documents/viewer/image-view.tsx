import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** An image, from its blob (CSP allows `blob:` images), scaled by `zoom` (1 = fit). */
export function ImageView({ blob, name, zoom }: { blob: Blob; name: string; zoom: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  if (!url) return null;
  return (
    <Box sx={{ overflow: 'auto', textAlign: 'center', p: 2 }}>
      <Box
        component="img"
        src={url}
        alt={name}
        data-testid="viewer-image"
        sx={{ maxWidth: zoom === 1 ? '100%' : 'none', width: zoom === 1 ? undefined : `${zoom * 100}%` }}
      />
    </Box>
  );
}

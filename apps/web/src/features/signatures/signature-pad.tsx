import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { SignatureMark } from '@portal/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  defaultName: string;
  busy: boolean;
  onSign: (mark: SignatureMark) => void;
  onRefuse: (reason: string) => void;
};

/** Draw (mouse, finger, pen) or type the signature, tick the consent, then sign or refuse. */
export function SignaturePad({ defaultName, busy, onSign, onRefuse }: Props) {
  const { t } = useTranslation('signatures');
  const [mode, setMode] = useState<'drawn' | 'typed'>('typed');
  const [text, setText] = useState(defaultName);
  const [consent, setConsent] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) / rect.width) * e.currentTarget.width,
      y: ((e.clientY - rect.top) / rect.height) * e.currentTarget.height,
    };
  };
  const draw = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    if (ctx) {
      ctx.strokeStyle = '#1a237e';
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
    setDrawn(true);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };
  const mark = (): SignatureMark | null =>
    mode === 'typed'
      ? text.trim()
        ? { type: 'typed', text: text.trim() }
        : null
      : drawn && canvas.current
        ? { type: 'drawn', image: canvas.current.toDataURL('image/png') }
        : null;
  const ready = consent && mark() !== null;

  if (refusing)
    return (
      <Stack spacing={2}>
        <TextField
          label={t('sign.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          autoFocus
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => setRefusing(false)}>{t('actions.back')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!reason.trim() || busy}
            onClick={() => onRefuse(reason.trim())}
          >
            {t('sign.refuse')}
          </Button>
        </Stack>
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Tabs value={mode} onChange={(_, v) => setMode(v)}>
        <Tab value="typed" label={t('sign.type')} />
        <Tab value="drawn" label={t('sign.draw')} />
      </Tabs>
      {mode === 'typed' ? (
        <TextField
          label={t('sign.name')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      ) : (
        <Box>
          <Box
            component="canvas"
            ref={canvas}
            width={600}
            height={200}
            aria-label={t('sign.draw')}
            data-testid="signature-canvas"
            sx={{
              width: '100%',
              maxWidth: 600,
              height: 'auto',
              aspectRatio: '3',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'common.white',
              touchAction: 'none',
            }}
            onPointerDown={(e: React.PointerEvent<HTMLCanvasElement>) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              last.current = point(e);
            }}
            onPointerMove={draw}
            onPointerUp={() => {
              last.current = null;
            }}
          />
          <Button size="small" onClick={clear}>
            {t('sign.clear')}
          </Button>
        </Box>
      )}
      <FormControlLabel
        control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />}
        label={t('sign.consent')}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="error" onClick={() => setRefusing(true)} disabled={busy}>
          {t('sign.refuse')}
        </Button>
        <Button
          variant="contained"
          disabled={!ready || busy}
          onClick={() => {
            const m = mark();
            if (m) onSign(m);
          }}
        >
          {t('sign.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

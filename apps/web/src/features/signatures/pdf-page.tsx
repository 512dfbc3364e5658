import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();
const data = (dir: string) =>
  typeof window === 'undefined'
    ? undefined
    : `${window.location.origin}/assets/pdfjs-${pdfjs.version}/${dir}/`;
const OPTIONS = { standardFontDataUrl: data('standard_fonts'), cMapUrl: data('cmaps'), cMapPacked: true };

export type Box4 = { x: number; y: number; width: number; height: number };
export type Overlay = Box4 & { key: string; colour: string; label: string };

type Props = {
  blob: Blob;
  page: number;
  width: number;
  overlays: Overlay[];
  onPages?: (count: number) => void;
  /** A click on the page, in fractions of it from its top-left corner. */
  onPick?: (x: number, y: number) => void;
};

/** One page of a PDF (pdf.js), with coloured boxes over it: the signature fields. */
export default function PdfPage({ blob, page, width, overlays, onPages, onPick }: Props) {
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  useEffect(() => {
    let live = true;
    void blob.arrayBuffer().then((b) => live && setBytes(b));
    return () => {
      live = false;
    };
  }, [blob]);
  const file = useMemo(() => (bytes ? { data: new Uint8Array(bytes.slice(0)) } : null), [bytes]);
  if (!file) return <CircularProgress size={24} />;
  return (
    <Document
      file={file}
      options={OPTIONS}
      suspense={false}
      onLoadSuccess={(pdf) => onPages?.(pdf.numPages)}
      loading={<CircularProgress size={24} />}
    >
      <Box
        data-testid="signature-pdf-page"
        sx={{
          position: 'relative',
          width,
          boxShadow: 1,
          cursor: onPick ? 'crosshair' : 'default',
          bgcolor: 'common.white',
        }}
        onClick={(e) => {
          if (!onPick) return;
          const rect = e.currentTarget.getBoundingClientRect();
          onPick((e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
        }}
      >
        <Page
          pageNumber={page}
          width={width}
          suspense={false}
          renderTextLayer={false}
          renderAnnotationLayer={false}
        />
        {overlays.map((o) => (
          <Box
            key={o.key}
            data-testid={`signature-field-${o.key}`}
            sx={{
              position: 'absolute',
              left: `${o.x * 100}%`,
              top: `${o.y * 100}%`,
              width: `${o.width * 100}%`,
              height: `${o.height * 100}%`,
              border: 2,
              borderColor: o.colour,
              bgcolor: `${o.colour}33`,
              color: o.colour,
              fontSize: 11,
              overflow: 'hidden',
              pointerEvents: 'none',
              px: 0.5,
            }}
          >
            {o.label}
          </Box>
        ))}
      </Box>
    </Document>
  );
}

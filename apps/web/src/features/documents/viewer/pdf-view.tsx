import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs, Thumbnail } from 'react-pdf';
import { startPdfWorker } from './pdf-worker';
import type { Zoom } from './zoom';

// The worker is a file of the build (CSP: worker-src 'self' blob:), started as the viewer opens
// (`pdf-worker.ts`) and given to every document: left to itself, pdf.js starts a new worker (1.2 MB
// of script to compile again) for each document, only once pdf.js has loaded, and ends it with
// the document. One it is given, it neither waits for nor ends.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();
const port = startPdfWorker();
// Its data files, copied by the build (`vite.config.ts`): the wasm decoders of scanned images
// (JBIG2, JPEG 2000) and ICC colours, the standard fonts, the CMaps of CJK text, the CMYK profile.
const data = (dir: string) =>
  typeof window === 'undefined'
    ? undefined
    : `${window.location.origin}/assets/pdfjs-${pdfjs.version}/${dir}/`;
const OPTIONS = {
  worker: port ? pdfjs.PDFWorker.create({ port }) : undefined,
  wasmUrl: data('wasm'),
  standardFontDataUrl: data('standard_fonts'),
  cMapUrl: data('cmaps'),
  cMapPacked: true,
  iccUrl: data('iccs'),
};

const pageNumbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

type Props = {
  blob: Blob;
  page: number;
  zoom: Zoom;
  showThumbnails: boolean;
  onPages: (count: number) => void;
  onPage: (page: number) => void;
};

/** A PDF through pdf.js (react-pdf): the page asked for, page thumbnails, zoom and fit. */
export default function PdfView({ blob, page, zoom, showThumbnails, onPages, onPage }: Props) {
  const { t } = useTranslation('documents');
  const [bytes, setBytes] = useState<ArrayBuffer | null>(null);
  const [pages, setPages] = useState(0);
  // The page last drawn (-1: the first failed). The thumbnails wait for the first page drawn:
  // rendered alongside it, their 17 pages went through the one worker and the main thread first.
  const [drawn, setDrawn] = useState(0);
  // A state, not a ref: the frame appears once pdf.js has loaded the document, after the first
  // render, and the size must be observed from then on.
  // Its content box (padding excluded) is what "fit" fills.
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  // Null until measured: a page drawn at a guessed size is drawn again at the real one.
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    let live = true;
    void blob.arrayBuffer().then((b) => live && setBytes(b));
    return () => {
      live = false;
    };
  }, [blob]);
  useEffect(() => {
    const el = frame;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  // pdf.js takes the bytes over (transfers them to its worker): a copy of ours.
  const file = useMemo(() => (bytes ? { data: new Uint8Array(bytes.slice(0)) } : null), [bytes]);
  const fit = !size
    ? null
    : zoom.fit === 'width'
      ? { width: Math.max(100, size.width) }
      : zoom.fit === 'height'
        ? { height: Math.max(100, size.height) }
        : { scale: zoom.scale };
  return (
    // `minWidth: 0` down to the page's frame: else the flex items grow to the page's width and
    // "fit width" measures the page instead of the screen (a phone scrolled sideways).
    <Box
      sx={{
        display: 'flex',
        height: '100%',
        minHeight: 0,
        '& > .pdf-document': { flexGrow: 1, minWidth: 0 },
      }}
    >
      {file && (
        <Document
          file={file}
          options={OPTIONS}
          suspense={false}
          onLoadSuccess={(doc) => {
            setPages(doc.numPages);
            onPages(doc.numPages);
          }}
          loading={<CircularProgress sx={{ m: 4 }} />}
          error={<Alert severity="error">{t('viewer.pdfError')}</Alert>}
          onItemClick={({ pageNumber }) => onPage(pageNumber)}
          className="pdf-document"
        >
          <Box sx={{ display: 'flex', width: '100%', height: '100%' }}>
            {showThumbnails && pages > 0 && (
              <Box
                component="nav"
                aria-label={t('viewer.thumbnails')}
                data-testid="viewer-thumbnails"
                sx={{
                  width: 132,
                  flexShrink: 0,
                  overflow: 'auto',
                  borderRight: 1,
                  borderColor: 'divider',
                  p: 1,
                }}
              >
                {/* The column is there from the start (the page's width does not change under it). */}
                {pageNumbers(drawn !== 0 ? pages : 0).map((n) => (
                  <Box
                    key={n}
                    sx={{
                      mb: 1,
                      outline: n === page ? 2 : 0,
                      outlineStyle: 'solid',
                      outlineColor: 'primary.main',
                      cursor: 'pointer',
                      '& canvas': { display: 'block' },
                    }}
                    aria-current={n === page ? 'page' : undefined}
                    title={t('viewer.page', { page: n, count: pages })}
                  >
                    <Thumbnail pageNumber={n} width={108} />
                  </Box>
                ))}
              </Box>
            )}
            <Box
              ref={setFrame}
              sx={{
                flexGrow: 1,
                minWidth: 0,
                overflow: 'auto',
                p: 2,
                bgcolor: 'action.hover',
                textAlign: 'center',
              }}
            >
              <Box
                data-testid="viewer-pdf-page"
                data-page={page}
                data-rendered={drawn === page ? 'true' : undefined}
                sx={{ display: 'inline-block', boxShadow: 3, '& canvas': { display: 'block' } }}
              >
                {fit && (
                  <Page
                    pageNumber={page}
                    {...fit}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    onRenderSuccess={() => setDrawn(page)}
                    onRenderError={() => setDrawn((d) => d || -1)}
                  />
                )}
              </Box>
            </Box>
          </Box>
        </Document>
      )}
      {!file && <CircularProgress sx={{ m: 4 }} />}
    </Box>
  );
}

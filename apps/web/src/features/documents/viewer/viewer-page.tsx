import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import SkipNext from '@mui/icons-material/SkipNext';
import SkipPrevious from '@mui/icons-material/SkipPrevious';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PreviewStatus } from '@portal/contracts';
import { decodeContext } from '@portal/contracts/context';
import { isOfficePreviewable } from '@portal/contracts/documents/office-previews';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../api';
import { useAppNavigate } from '../../../app/app-navigate';
import { useSnackbar } from '../../../app/snackbars';
import { PageLoader } from '../../../components/page-loader';
import { StatusChip } from '../../../components/status-chip';
import { useDocument, useNodes, useRefreshReadMarks } from '../api';
import { downloadDocument } from '../content';
import { previewKindOf } from '../file-types';
import { fromNodeHash } from '../hashes';
import { NodeIcon } from '../node-icon';
import { documentsPath, viewerPath } from '../paths';
import { readSort } from '../prefs';
import { StatusDrawer } from '../status-panel';
import { SignaturesChip } from '../version-signatures';
import { ImageView } from './image-view';
import { neighbours } from './neighbours';
import { startPdfWorker } from './pdf-worker';
import { TextView } from './text-view';
import { useContent } from './use-content';
import { usePreviewPdf, usePreviewStatus } from './use-preview';
import { ViewerActions } from './viewer-actions';
import { FIT_WIDTH, stepZoom, type Zoom } from './zoom';

// pdf.js (and its worker) load with the viewer, not with the app: the viewer starts them as it
// opens, alongside the document's details and content rather than after them.
const loadPdfView = () => import('./pdf-view');
const PdfView = lazy(loadPdfView);
// Started as the viewer's code loads (the route's lazy import), before its first render.
if (typeof window !== 'undefined') {
  startPdfWorker();
  void loadPdfView();
}

/** `viewer/{context}/{folderHash}/{documentHash}/{versionId?}` (spec section 2). */
export function ViewerPage() {
  const { t } = useTranslation('documents');
  const params = useParams();
  const vendorId = decodeContext(params.context)?.vendorId ?? null;
  const folderId = fromNodeHash(params.folderHash);
  const documentId = fromNodeHash(params.documentHash);
  const versionId = params.versionId ? Number(params.versionId) || null : null;
  if (vendorId === null || folderId === null || documentId === null)
    return <Alert severity="error">{t('viewer.notFound')}</Alert>;
  return (
    <Viewer
      key={`${documentId}-${versionId}`}
      context={params.context ?? ''}
      vendorId={vendorId}
      folderId={folderId}
      documentId={documentId}
      versionId={versionId}
    />
  );
}

type ViewerProps = {
  context: string;
  vendorId: number;
  folderId: number;
  documentId: number;
  versionId: number | null;
};

function Viewer({ context, vendorId, folderId, documentId, versionId }: ViewerProps) {
  const { t } = useTranslation('documents');
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const smallScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const doc = useDocument(vendorId, documentId);
  const ownKind = previewKindOf(doc.data?.extension);
  // Office files: the PDF the server converts them to, when it can (LibreOffice).
  const office = doc.isSuccess && ownKind === 'none' && isOfficePreviewable(doc.data?.extension);
  const preview = usePreviewStatus(vendorId, documentId, versionId, office);
  const converted = office && preview.data === 'ready';
  const kind = converted ? 'pdf' : ownKind;
  const own = useContent(vendorId, documentId, versionId, doc.isSuccess && ownKind !== 'none');
  const pdf = usePreviewPdf(vendorId, documentId, versionId, converted);
  const content = converted ? pdf : own;
  const nodes = useNodes(vendorId, folderId);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(0);
  const [zoom, setZoom] = useState<Zoom>(FIT_WIDTH);
  const [thumbnails, setThumbnails] = useState(true);
  const [statusOpen, setStatusOpen] = useState(false);
  // Most documents opened here are PDFs: pdf.js and its worker load while the details and content
  // do (cached for the next ones).
  useEffect(() => {
    startPdfWorker();
    void loadPdfView();
  }, []);

  // Previous / next document of the whole folder, in the order of the list: the folder's next
  // page is loaded when the pages at hand do not tell.
  const complete = nodes.isSuccess && !nodes.hasNextPage;
  const { previous, next, loadMore } = useMemo(
    () => neighbours(nodes.data?.pages.flatMap((p) => p.data) ?? [], readSort(), documentId, complete),
    [nodes.data, documentId, complete],
  );
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isError: nodesFailed } = nodes;
  useEffect(() => {
    if (loadMore && hasNextPage && !isFetchingNextPage && !nodesFailed) void fetchNextPage();
  }, [loadMore, hasNextPage, isFetchingNextPage, nodesFailed, fetchNextPage]);
  const go = (id: number) => navigate(viewerPath(context, folderId, id));
  // Reading the content marked an unread document read: the listings and badges follow.
  const refreshReadMarks = useRefreshReadMarks(vendorId);
  const readNow = content.isSuccess && doc.data?.unread === true;
  useEffect(() => {
    if (readNow) void refreshReadMarks(documentId);
  }, [readNow, refreshReadMarks, documentId]);

  if (doc.isError) return <Alert severity="error">{t('viewer.notFound')}</Alert>;
  if (!doc.data) return <PageLoader />;
  const name = doc.data.name;
  const download = () =>
    downloadDocument({ vendorId, documentId, versionId }, name).catch((error: unknown) =>
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' }),
    );
  const zoomable = kind === 'pdf' || kind === 'image';

  let body: ReactNode;
  if (office && (preview.isPending || preview.data === 'pending'))
    body = (
      <Box data-testid="viewer-converting">
        <PageLoader />
        <Typography sx={{ textAlign: 'center' }}>{t('viewer.converting')}</Typography>
      </Box>
    );
  else if (kind === 'none')
    body = (
      <Box sx={{ p: 6, textAlign: 'center' }} data-testid="viewer-no-preview">
        <Box sx={{ '& svg': { fontSize: 72 } }}>
          <NodeIcon type="document" extension={doc.data.extension} />
        </Box>
        <Typography sx={{ my: 2 }} data-testid="viewer-no-preview-reason">
          {t(office ? officeReason(preview.data) : 'viewer.noPreview')}
        </Typography>
        <Button variant="contained" startIcon={<Download />} onClick={() => void download()}>
          {t('viewer.downloadToOpen')}
        </Button>
      </Box>
    );
  else if (content.isError)
    body = (
      <Alert severity="error">{isApiError(content.error) ? content.error.message : t('loadError')}</Alert>
    );
  else if (!content.data) body = <PageLoader />;
  else if (kind === 'pdf')
    body = (
      <Suspense fallback={<PageLoader />}>
        <PdfView
          blob={content.data}
          page={page}
          zoom={zoom}
          showThumbnails={thumbnails && !smallScreen}
          onPages={setPages}
          onPage={setPage}
        />
      </Suspense>
    );
  else if (kind === 'image')
    body = <ImageView blob={content.data} name={name} zoom={zoom.fit ? 1 : zoom.scale} />;
  else body = <TextView blob={content.data} csv={kind === 'csv'} />;

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)', minHeight: 400 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          p: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tooltip title={t('viewer.back')}>
          <IconButton
            aria-label={t('viewer.back')}
            onClick={() => navigate(documentsPath(context, folderId, documentId))}
          >
            <ArrowBack />
          </IconButton>
        </Tooltip>
        <Typography
          variant="subtitle1"
          component="h1"
          noWrap
          // On a phone the name takes the first row and the actions the second, together.
          sx={{ flexGrow: 1, minWidth: 120, flexBasis: { xs: 'calc(100% - 48px)', sm: 'auto' } }}
          title={name}
          data-testid="viewer-title"
        >
          {name}
          {versionId ? ` · ${t('viewer.version', { id: versionId })}` : ''}
        </Typography>
        {doc.data.extension?.toLowerCase() === 'pdf' && (
          <SignaturesChip vendorId={vendorId} documentId={documentId} versionId={versionId} />
        )}
        {doc.data.workflow_status ? (
          <StatusChip
            status={doc.data.workflow_status}
            onClick={() => setStatusOpen(true)}
            testId="viewer-status"
          />
        ) : null}
        <Tooltip title={t('viewer.previousDocument')}>
          <span>
            <IconButton
              aria-label={t('viewer.previousDocument')}
              disabled={!previous}
              onClick={() => previous && go(previous.id)}
            >
              <SkipPrevious />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('viewer.nextDocument')}>
          <span>
            <IconButton
              aria-label={t('viewer.nextDocument')}
              disabled={!next}
              onClick={() => next && go(next.id)}
            >
              <SkipNext />
            </IconButton>
          </span>
        </Tooltip>
        <ViewerActions
          vendorId={vendorId}
          folderId={folderId}
          doc={doc.data}
          versionId={versionId}
          onOpenVersion={(id) => navigate(viewerPath(context, folderId, documentId, id))}
        />
      </Box>
      {doc.data.workflow_status ? (
        <StatusDrawer
          vendorId={vendorId}
          node={{ type: 'document', id: documentId, name }}
          open={statusOpen}
          onClose={() => setStatusOpen(false)}
        />
      ) : null}
      {zoomable && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {kind === 'pdf' && (
            <>
              <IconButton
                aria-label={t('viewer.previousPage')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                <NavigateBefore />
              </IconButton>
              <Typography variant="body2" data-testid="viewer-page-number">
                {t('viewer.page', { page, count: pages || '…' })}
              </Typography>
              <IconButton
                aria-label={t('viewer.nextPage')}
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                <NavigateNext />
              </IconButton>
            </>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <IconButton
            aria-label={t('viewer.zoomOut')}
            onClick={() => setZoom({ fit: null, scale: stepZoom(zoom.fit ? 1 : zoom.scale, -1) })}
          >
            <ZoomOut />
          </IconButton>
          <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'center' }}>
            {zoom.fit
              ? t(zoom.fit === 'width' ? 'viewer.fitWidth' : 'viewer.fitHeight')
              : `${Math.round(zoom.scale * 100)} %`}
          </Typography>
          <IconButton
            aria-label={t('viewer.zoomIn')}
            onClick={() => setZoom({ fit: null, scale: stepZoom(zoom.fit ? 1 : zoom.scale, 1) })}
          >
            <ZoomIn />
          </IconButton>
          <ToggleButton
            size="small"
            value="width"
            selected={zoom.fit === 'width'}
            onChange={() => setZoom({ fit: 'width', scale: 1 })}
          >
            {t('viewer.fitWidth')}
          </ToggleButton>
          {kind === 'pdf' && (
            <ToggleButton
              size="small"
              value="height"
              selected={zoom.fit === 'height'}
              onChange={() => setZoom({ fit: 'height', scale: 1 })}
            >
              {t('viewer.fitHeight')}
            </ToggleButton>
          )}
          {kind === 'pdf' && !smallScreen && (
            <ToggleButton
              size="small"
              value="thumbnails"
              selected={thumbnails}
              onChange={() => setThumbnails(!thumbnails)}
            >
              {t('viewer.thumbnails')}
            </ToggleButton>
          )}
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto' }}>{body}</Box>
    </Paper>
  );
}

/** Why an office file is not shown: the server's answer, in the viewer's words. */
function officeReason(status: PreviewStatus | undefined): string {
  if (status === 'no-converter') return 'viewer.noConverter';
  if (status === 'failed') return 'viewer.conversionFailed';
  if (status === 'not-convertible') return 'viewer.tooLarge';
  return 'viewer.noPreview';
}

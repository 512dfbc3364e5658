import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Folder, Node } from '@portal/contracts';
import { decodeContext } from '@portal/contracts/context';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { useVendorRoles } from '../../app/shared-api';
import { closeSnackbars, useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import {
  selectionOf,
  useAncestors,
  useFolder,
  useFolderChildren,
  useNodes,
  useRefreshDocuments,
  useVendorThemes,
} from './api';
import { downloadDocument } from './content';
import { type DialogState, DocumentsDialogs } from './documents-dialogs';
import { DocumentsToolbar } from './documents-toolbar';
import { DocumentsTreePane } from './documents-tree-pane';
import { FolderHeader } from './folder-header';
import { FolderThemesDialog } from './folder-themes-dialog';
import { fromNodeHash } from './hashes';
import { type NodeHandlers, nodeKey } from './node-actions';
import { useNodeCommands } from './node-commands';
import { NodeList } from './node-list';
import { documentsPath, TRASH_VIEW, viewerPath } from './paths';
import { type DisplayMode, readDisplayMode, readSort, type Sort, writeDisplayMode, writeSort } from './prefs';
import { canChangeIn, canShare, documentRights, withThemes } from './rights';
import { SelectionBar } from './selection-bar';
import { sortNodes } from './sort';
import { StatusFilter, useStatusFilter } from './status-filter';
import { toggled } from './toggled';
import { TrashView } from './trash-view';
import { ConflictDialog } from './uploads/conflict-dialog';
import { useUploadFiles } from './uploads/folder-conflict-dialog';
import { InterruptedUploads } from './uploads/interrupted-notice';
import { filesOfDrop } from './uploads/pick-files';
import { UploadPanel } from './uploads/upload-panel';
import type { FileToUpload } from './uploads/upload-types';
import { useUploadEvents } from './uploads/use-uploads';
import { useVersionLink } from './version-link';

/** `documents/{context}/{folderHash?}`: a client file's folder tree and a folder's content. */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const { context = '', folderHash } = useParams();
  const vendorId = decodeContext(context)?.vendorId ?? null;
  if (vendorId === null) return <Alert severity="info">{t('noClient')}</Alert>;
  return (
    <Documents key={vendorId} vendorId={vendorId} context={context} folderId={fromNodeHash(folderHash)} />
  );
}

function Documents({
  vendorId,
  context,
  folderId,
}: {
  vendorId: number;
  context: string;
  folderId: number | null;
}) {
  const { t } = useTranslation('documents');
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [search] = useSearchParams();
  const inTrash = search.get('view') === TRASH_VIEW;
  // The folder view's confirmations ("Items moved.") do not follow the person into the trash, nor back.
  const shownView = useRef(inTrash);
  useEffect(() => {
    if (shownView.current === inTrash) return;
    shownView.current = inTrash;
    closeSnackbars();
  }, [inTrash]);
  const smallScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  useUploadEvents();
  const uploads = useUploadFiles();
  useVersionLink(vendorId, context, search);

  const rootQuery = useFolderChildren(vendorId, null);
  const root = rootQuery.data?.[0] ?? null;
  const currentId = folderId ?? root?.id ?? null;
  const folder = useFolder(vendorId, currentId);
  const [statusIds, setStatusIds] = useStatusFilter(currentId);
  const nodes = useNodes(vendorId, currentId, statusIds);
  const refresh = useRefreshDocuments(vendorId);
  const roles = useVendorRoles(vendorId).data;
  const roleRights = documentRights(roles);
  // Answered to firm administrators only: its success is the right to tag folders.
  const vendorThemes = useVendorThemes(vendorId, roles?.role === 'accountant');
  const [themesOf, setThemesOf] = useState<Folder | null>(null);
  const ancestors = useAncestors(vendorId, folderId);

  const [mode, setMode] = useState<DisplayMode>(readDisplayMode);
  const [sort, setSort] = useState<Sort>(readSort);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(root ? [root.id] : []));
  const [treeOpen, setTreeOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [dragging, setDragging] = useState(false);

  // A deep link (or a folder opened from the list) opens the tree down to the folder, once: a
  // refetch after a change must not reopen what the user closed.
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!ancestors.data || openedFor.current === folderId) return;
    openedFor.current = folderId;
    setExpanded((prev) => new Set([...prev, ...ancestors.data]));
  }, [ancestors.data, folderId]);
  const { commands, dialog: commandDialog } = useNodeCommands({
    vendorId,
    root,
    // The picker opens where the user is.
    expanded: currentId === null ? expanded : new Set([...expanded, currentId]),
    onDone: () => setSelected(new Set()),
  });

  const list = useMemo(
    () => sortNodes(nodes.data?.pages.flatMap((p) => p.data) ?? [], sort),
    [nodes.data, sort],
  );

  if (rootQuery.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (!root || currentId === null) return <PageLoader />;

  const shownMode: DisplayMode = smallScreen ? 'list' : mode;
  const folderReadOnly = !inTrash && folder.data?.read_only === true;
  // A folder the caller's themes leave read-only: nothing changes in it, whatever their role.
  const rights = withThemes(roleRights, !inTrash && folder.data?.theme_read_only === true);
  // Upload, new folder, drop: not into a read-only folder but for those who may validate.
  const changeable = canChangeIn(rights, folderReadOnly);
  const isExpanded = expanded.has(root.id) ? expanded : new Set([...expanded, root.id]);
  const toggle = (id: number) => setExpanded((prev) => toggled(prev, id));
  const goTo = (target: Pick<Folder, 'id' | 'is_root'>) => {
    setSelected(new Set());
    setTreeOpen(false);
    navigate(documentsPath(context, target.is_root ? null : target.id));
  };
  const openTrash = () => {
    setSelected(new Set());
    setTreeOpen(false);
    navigate(`${documentsPath(context, null)}?view=${TRASH_VIEW}`);
  };
  const download = (node: Node, versionId?: number, fileName = node.name) =>
    downloadDocument({ vendorId, documentId: node.id, versionId }, fileName).catch((error: unknown) =>
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' }),
    );
  const upload = (files: FileToUpload[]) => {
    if (!changeable || inTrash) return;
    uploads.upload(files, { vendorId, folderId: currentId });
  };
  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    upload(await filesOfDrop(e.dataTransfer));
  };
  const handlers: NodeHandlers = {
    ...rights,
    folderReadOnly,
    onReadOnly: commands.readOnly,
    onOpen: (node: Node) => {
      if (node.type === 'folder') {
        setExpanded((prev) => new Set([...prev, currentId]));
        goTo({ id: node.id, is_root: false });
      } else navigate(viewerPath(context, currentId, node.id));
    },
    onDownload: (node: Node) => void download(node),
    onVersions: (node: Node) => setDialog({ kind: 'versions', node }),
    onStatus: (node: Node) => setDialog({ kind: 'status', node }),
    ...(canShare(roles) && !inTrash ? { onShare: (node: Node) => setDialog({ kind: 'share', node }) } : {}),
    // Firm administrators (their themes answer says so) and the client file's administrator.
    onWorkflow:
      vendorThemes.isSuccess || roles?.role === 'admin'
        ? (node) => setDialog({ kind: 'workflow', node })
        : undefined,
    onRename: (node: Node) => setDialog({ kind: 'rename', node }),
    onValidate: commands.validate,
    onDelete: commands.remove,
    onTransfer: commands.transfer,
    onArchive: (node: Node) => commands.archive({ folder_id: node.id, document_ids: [], folder_ids: [] }),
    onSign: (node: Node) =>
      navigate(`/signatures/${context}?document_id=${node.id}&name=${encodeURIComponent(node.name)}`),
  };
  const selectedNodes = list.filter((n) => selected.has(nodeKey(n)));
  const close = () => setDialog({ kind: 'none' });

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}>
      <DocumentsTreePane
        vendorId={vendorId}
        root={root}
        selectedId={inTrash ? -1 : currentId}
        expanded={isExpanded}
        onToggle={toggle}
        onSelect={goTo}
        inTrash={inTrash}
        onOpenTrash={openTrash}
        drawer={smallScreen ? { open: treeOpen, onClose: () => setTreeOpen(false) } : null}
      />
      <Paper
        variant="outlined"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          minHeight: 320,
          outline: dragging ? 2 : 0,
          outlineStyle: 'dashed',
          outlineColor: 'primary.main',
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (changeable && !inTrash) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="documents-drop-zone"
      >
        <FolderHeader
          title={
            inTrash
              ? t('trash.title')
              : folder.data && !folder.data.is_root
                ? folder.data.name
                : t('tree.root')
          }
          folder={inTrash ? null : (folder.data ?? null)}
          rights={rights}
          onReadOnly={commands.readOnly}
          onThemes={vendorThemes.isSuccess ? setThemesOf : undefined}
        />
        {inTrash ? (
          <TrashView vendorId={vendorId} canWrite={rights.canWrite} canPurge={rights.canPurge} />
        ) : (
          <>
            <DocumentsToolbar
              mode={mode}
              onMode={(m) => {
                setMode(m);
                writeDisplayMode(m);
              }}
              sort={sort}
              onSort={(s) => {
                setSort(s);
                writeSort(s);
              }}
              onNewFolder={() => setDialog({ kind: 'create' })}
              onUpload={upload}
              onRefresh={() => void refresh()}
              onShowTree={() => setTreeOpen(true)}
              onArchive={() => commands.archive({ folder_id: currentId, document_ids: [], folder_ids: [] })}
              smallScreen={smallScreen}
              canWrite={changeable}
            />
            <StatusFilter
              vendorId={vendorId}
              folderId={currentId}
              selected={statusIds}
              onChange={setStatusIds}
            />
            {changeable && <InterruptedUploads vendorId={vendorId} folderId={currentId} />}
            {selected.size > 0 && (
              <SelectionBar
                nodes={selectedNodes}
                handlers={handlers}
                onDownload={() => commands.archive(selectionOf(selectedNodes))}
                onClear={() => setSelected(new Set())}
              />
            )}
            {nodes.isPending ? (
              <PageLoader />
            ) : nodes.isError ? (
              <Alert severity="error">{t('loadError')}</Alert>
            ) : (
              <NodeList
                nodes={list}
                mode={shownMode}
                selected={selected}
                highlightId={Number(search.get('document_id')) || null}
                onToggle={(node) => setSelected((prev) => toggled(prev, nodeKey(node)))}
                onToggleAll={(all) => setSelected(all ? new Set(list.map(nodeKey)) : new Set())}
                {...handlers}
              />
            )}
            {nodes.hasNextPage && (
              <Box sx={{ textAlign: 'center', p: 1 }}>
                <Button onClick={() => void nodes.fetchNextPage()} disabled={nodes.isFetchingNextPage}>
                  {t('list.more')}
                </Button>
              </Box>
            )}
            {changeable && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', p: 1, textAlign: 'center' }}
              >
                {t('upload.dropHint')}
              </Typography>
            )}
          </>
        )}
      </Paper>
      <DocumentsDialogs
        dialog={dialog}
        vendorId={vendorId}
        currentId={currentId}
        rights={{ ...rights, canWrite: changeable }}
        onDownload={(node, versionId, fileName) => void download(node, versionId, fileName)}
        onClose={close}
      />
      {themesOf && vendorThemes.data && (
        <FolderThemesDialog
          firmId={decodeContext(context)?.accountingFirmId ?? 0}
          vendorId={vendorId}
          folder={themesOf}
          allowed={vendorThemes.data.all_themes ? null : vendorThemes.data.theme_ids}
          onClose={() => setThemesOf(null)}
        />
      )}
      {commandDialog}
      <UploadPanel />
      <ConflictDialog />
      {uploads.dialog}
    </Box>
  );
}

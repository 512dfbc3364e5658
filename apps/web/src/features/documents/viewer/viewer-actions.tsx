import Download from '@mui/icons-material/Download';
import History from '@mui/icons-material/History';
import RemoveDone from '@mui/icons-material/RemoveDone';
import Verified from '@mui/icons-material/Verified';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentDto } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { useVendorRoles } from '../../../app/shared-api';
import { useSnackbar } from '../../../app/snackbars';
import { useFolder, useSetValidated, useVersions } from '../api';
import { downloadDocument } from '../content';
import { canChangeIn, documentRights } from '../rights';
import { VersionsDialog } from '../versions-dialog';

/**
 * What the viewer does with the shown version: validate or invalidate it (firm members), list the
 * versions (each shown, downloaded, restored by those who may), download it. Rights as in the list.
 */
export function ViewerActions({
  vendorId,
  folderId,
  doc,
  versionId,
  onOpenVersion,
}: {
  vendorId: number;
  folderId: number;
  doc: DocumentDto;
  /** The version in the address; null: the latest. */
  versionId: number | null;
  onOpenVersion: (versionId: number | null) => void;
}) {
  const { t } = useTranslation('documents');
  const { enqueueSnackbar } = useSnackbar();
  const rights = documentRights(useVendorRoles(vendorId).data);
  const folder = useFolder(vendorId, folderId);
  const validation = useSetValidated(vendorId);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // An older version's state comes from the versions list; the latest's from the document.
  const versions = useVersions(vendorId, versionId === null ? null : doc.id);
  const shownId = versionId ?? doc.version_id;
  const shown = versionId === null ? doc : versions.data?.find((v) => v.id === versionId);
  const validated = shown?.is_validated === true;

  const download = (id: number | null, fileName: string) =>
    downloadDocument({ vendorId, documentId: doc.id, versionId: id }, fileName).catch((error: unknown) =>
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' }),
    );
  const toggleValidation = () =>
    validation.mutate(
      { node: { id: doc.id, version_id: shownId }, validated: !validated },
      {
        onSuccess: () =>
          enqueueSnackbar(t(validated ? 'validation.undone' : 'validation.done', { name: doc.name }), {
            variant: 'success',
          }),
      },
    );
  const validateLabel = t(validated ? 'viewer.invalidate' : 'viewer.validate');

  return (
    <>
      {validated && (
        <Verified
          color="success"
          titleAccess={t('validated')}
          data-testid="viewer-validated"
          sx={{ mx: 0.5 }}
        />
      )}
      {rights.canValidate && shown && (
        <Tooltip title={validateLabel}>
          <span>
            <IconButton aria-label={validateLabel} disabled={validation.isPending} onClick={toggleValidation}>
              {validated ? <RemoveDone /> : <Verified />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Tooltip title={t('viewer.versions')}>
        <IconButton aria-label={t('viewer.versions')} onClick={() => setVersionsOpen(true)}>
          <History />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('viewer.download')}>
        <IconButton aria-label={t('viewer.download')} onClick={() => void download(versionId, doc.name)}>
          <Download />
        </IconButton>
      </Tooltip>
      {versionsOpen && (
        <VersionsDialog
          vendorId={vendorId}
          document={doc}
          rights={{ ...rights, canWrite: canChangeIn(rights, folder.data?.read_only === true) }}
          onDownload={(id, fileName) => void download(id, fileName)}
          onOpen={(id, latest) => {
            setVersionsOpen(false);
            onOpenVersion(latest ? null : id);
          }}
          onClose={() => setVersionsOpen(false)}
        />
      )}
    </>
  );
}

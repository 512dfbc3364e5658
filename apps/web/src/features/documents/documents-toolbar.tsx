import AccountTree from '@mui/icons-material/AccountTree';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import DriveFolderUpload from '@mui/icons-material/DriveFolderUpload';
import FolderZip from '@mui/icons-material/FolderZip';
import GridView from '@mui/icons-material/GridView';
import Refresh from '@mui/icons-material/Refresh';
import TableRows from '@mui/icons-material/TableRows';
import UploadFile from '@mui/icons-material/UploadFile';
import ViewList from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DisplayMode, SORT_FIELDS, type Sort, type SortField } from './prefs';
import { filesOfInput } from './uploads/pick-files';
import type { FileToUpload } from './uploads/upload-types';

type Props = {
  mode: DisplayMode;
  onMode: (mode: DisplayMode) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
  onNewFolder: () => void;
  onUpload: (files: FileToUpload[]) => void;
  onRefresh: () => void;
  onShowTree: () => void;
  /** The current folder as a ZIP. */
  onArchive: () => void;
  smallScreen: boolean;
  /** Guests and read-only access: no upload nor new folder. */
  canWrite: boolean;
};

const MODE_ICONS = { mosaic: GridView, list: ViewList, detailed: TableRows } as const;

/** New folder, upload files or a folder, sort, display mode, refresh. */
export function DocumentsToolbar(props: Props) {
  const { t } = useTranslation('documents');
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const picked = (input: HTMLInputElement) => {
    const list = filesOfInput(input.files);
    input.value = '';
    if (list.length > 0) props.onUpload(list);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1 }}>
      {props.smallScreen && (
        <IconButton aria-label={t('tree.show')} onClick={props.onShowTree}>
          <AccountTree />
        </IconButton>
      )}
      {props.canWrite && (
        <>
          <Button startIcon={<UploadFile />} variant="contained" onClick={() => files.current?.click()}>
            {t('upload.files')}
          </Button>
          <Button startIcon={<DriveFolderUpload />} onClick={() => folder.current?.click()}>
            {t('upload.folder')}
          </Button>
          <Button startIcon={<CreateNewFolder />} onClick={props.onNewFolder}>
            {t('folder.create')}
          </Button>
        </>
      )}
      <Tooltip title={t('folder.zip')}>
        <IconButton aria-label={t('folder.zip')} onClick={props.onArchive}>
          <FolderZip />
        </IconButton>
      </Tooltip>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        data-testid="upload-files-input"
        onChange={(e) => picked(e.currentTarget)}
      />
      <input
        ref={folder}
        type="file"
        hidden
        data-testid="upload-folder-input"
        // React has no typed prop for it: the folder picker.
        {...{ webkitdirectory: '' }}
        onChange={(e) => picked(e.currentTarget)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
        <TextField
          select
          size="small"
          label={t('sort.label')}
          value={props.sort.field}
          onChange={(e) => props.onSort({ ...props.sort, field: e.target.value as SortField })}
          sx={{ width: 190 }}
        >
          {SORT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {t(`sort.${field}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t(props.sort.order === 'asc' ? 'sort.asc' : 'sort.desc')}>
          <IconButton
            aria-label={t(props.sort.order === 'asc' ? 'sort.asc' : 'sort.desc')}
            onClick={() =>
              props.onSort({ ...props.sort, order: props.sort.order === 'asc' ? 'desc' : 'asc' })
            }
          >
            {props.sort.order === 'asc' ? <ArrowUpward /> : <ArrowDownward />}
          </IconButton>
        </Tooltip>
        {!props.smallScreen && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={props.mode}
            onChange={(_e, mode: DisplayMode | null) => mode && props.onMode(mode)}
            aria-label={t('mode.label')}
          >
            {(Object.keys(MODE_ICONS) as DisplayMode[]).map((mode) => {
              const Icon = MODE_ICONS[mode];
              return (
                <ToggleButton
                  key={mode}
                  value={mode}
                  aria-label={t(`mode.${mode}`)}
                  title={t(`mode.${mode}`)}
                >
                  <Icon fontSize="small" />
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
        )}
        <Tooltip title={t('refresh')}>
          <IconButton aria-label={t('refresh')} onClick={props.onRefresh}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { IMPORT_MAX_ROWS, IMPORT_REQUIRED_COLUMNS, type ImportReport } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { useSnackbar } from '../../../app/snackbars';
import { downloadTemplate, useImportVendors } from './import-api';
import { rowErrorLines, sortReportRows } from './import-report';

type Phase =
  | { kind: 'choose' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; report: ImportReport };

/** Import client files from an Excel file: template, file, upload with progress, row report. */
export function ImportDialog({ firmId, onClose }: { firmId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('customers');
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const importVendors = useImportVendors(firmId);
  useEffect(() => () => abort.current?.abort(), []);

  const fail = (e: unknown) => {
    if ((e as { name?: string }).name === 'AbortError') return;
    const message = isApiError(e) ? e.message : t('common:error.generic');
    setError(message);
    enqueueSnackbar(message, { variant: 'error' });
  };

  const template = async () => {
    setDownloading(true);
    try {
      await downloadTemplate(firmId, t('import.templateFile'));
    } catch (e) {
      fail(e);
    } finally {
      setDownloading(false);
    }
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    abort.current = new AbortController();
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const report = await importVendors.mutateAsync({
        file,
        onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
        signal: abort.current.signal,
      });
      setPhase({ kind: 'done', report });
    } catch (e) {
      setPhase({ kind: 'choose' });
      fail(e);
    }
  };

  const uploading = phase.kind === 'uploading';
  const fieldLabel = (field: string) =>
    i18n.exists(`client-file:fields.${field}`) ? t(`client-file:fields.${field}`) : field;
  return (
    <Dialog
      open
      onClose={uploading ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      data-testid="import-dialog"
    >
      <DialogTitle>{t('import.title')}</DialogTitle>
      <DialogContent dividers>
        {phase.kind !== 'done' ? (
          <Stack spacing={2}>
            <DialogContentText>
              {t('import.help', { columns: IMPORT_REQUIRED_COLUMNS.join(', '), max: IMPORT_MAX_ROWS })}
            </DialogContentText>
            <Box>
              <Button startIcon={<DownloadIcon />} onClick={template} disabled={downloading}>
                {t('import.template')}
              </Button>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={uploading}
              >
                {t('import.choose')}
                <input
                  type="file"
                  hidden
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  data-testid="import-file"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setError(null);
                  }}
                />
              </Button>
              <Typography sx={{ overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
                {file ? file.name : t('import.noFile')}
              </Typography>
            </Stack>
            {uploading ? (
              <Box>
                <Typography variant="body2" gutterBottom>
                  {phase.percent < 100
                    ? t('import.uploading', { percent: phase.percent })
                    : t('import.processing')}
                </Typography>
                <LinearProgress
                  variant={phase.percent < 100 ? 'determinate' : 'indeterminate'}
                  value={phase.percent}
                  aria-label={t('import.uploading', { percent: phase.percent })}
                />
              </Box>
            ) : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        ) : (
          <Stack spacing={2} data-testid="import-report">
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Chip color="success" label={t('import.created', { n: phase.report.created })} />
              <Chip
                color={phase.report.refused > 0 ? 'error' : 'default'}
                label={t('import.refused', { n: phase.report.refused })}
              />
            </Stack>
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('import.columns.row')}</TableCell>
                    <TableCell>{t('import.columns.client_code')}</TableCell>
                    <TableCell>{t('import.columns.status')}</TableCell>
                    <TableCell>{t('import.columns.errors')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sortReportRows(phase.report.rows).map((row) => (
                    <TableRow key={row.row} data-testid={`import-row-${row.status}`}>
                      <TableCell>{row.row}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.client_code ?? '—'}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={row.status === 'created' ? 'success' : 'error'}
                          label={t(`import.status.${row.status}`)}
                        />
                      </TableCell>
                      <TableCell>
                        {rowErrorLines(row, fieldLabel).map((line) => (
                          <Typography key={line} variant="body2">
                            {line}
                          </Typography>
                        ))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'done' ? (
          <>
            <Button
              onClick={() => {
                setFile(null);
                setPhase({ kind: 'choose' });
              }}
            >
              {t('import.again')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('actions.close', { ns: 'common' })}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={uploading}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button
              variant="contained"
              onClick={upload}
              disabled={!file || uploading}
              data-testid="import-submit"
            >
              {t('import.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SignatureRequest } from '@portal/contracts';
import { decodeContext } from '@portal/contracts/context';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api';
import { useMe } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { useMySignatures, useSignatureAction, useSignatureRequest, useSignatureRequests } from './api';
import { AuditDialog } from './audit-dialog';
import { RequestEditor } from './request-editor';
import { SignDialog } from './sign-dialog';
import { requestPdf } from './signing-api';
import { ToSignList } from './to-sign-list';

const STATUS_COLOUR: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  created: 'default',
  waiting: 'info',
  in_progress: 'warning',
  finished: 'warning',
  completed: 'success',
  refused: 'error',
  canceled: 'default',
  expired: 'default',
  error: 'error',
};

/**
 * `signatures/{context}`: the client file's signature requests with their states and progress,
 * the sender's actions, and "Signer" where it is the person's turn. Needs 960 px (spec).
 */
export function SignaturesPage() {
  const { t } = useTranslation('signatures');
  const wide = useMediaQuery('(min-width:960px)');
  const { context = '' } = useParams();
  const decoded = decodeContext(context);
  if (!wide) return <Alert severity="warning">{t('tooNarrow')}</Alert>;
  if (!decoded?.vendorId) return <Alert severity="info">{t('noClient')}</Alert>;
  return <Signatures key={decoded.vendorId} vendorId={decoded.vendorId} firmId={decoded.accountingFirmId} />;
}

function Signatures({ vendorId, firmId }: { vendorId: number; firmId: number }) {
  const { t, i18n } = useTranslation('signatures');
  const { enqueueSnackbar } = useSnackbar();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const list = useSignatureRequests(vendorId, page, []);
  const mine = useMySignatures(firmId);
  const [tab, setTab] = useState<'all' | 'toSign'>(params.get('tab') === 'to-sign' ? 'toSign' : 'all');
  const [draft, setDraft] = useState<SignatureRequest | null>(null);
  const action = useSignatureAction(vendorId);
  const [audit, setAudit] = useState<SignatureRequest | null>(null);
  const documentId = Number(params.get('document_id')) || null;
  const signId = Number(params.get('sign')) || null;
  const signing = useSignatureRequest(vendorId, signId).data ?? null;
  const codeRequired = mine.data?.find((r) => r.id === signId)?.code_required ?? false;
  const closeParam = (name: string) => {
    const next = new URLSearchParams(params);
    next.delete(name);
    next.delete('name');
    setParams(next, { replace: true });
  };
  const run = (r: SignatureRequest, kind: 'send' | 'cancel' | 'delete' | 'remind' | 'retry') => {
    const reason = kind === 'cancel' ? window.prompt(t('actions.cancelReason')) : undefined;
    if (kind === 'cancel' && !reason) return;
    action.mutate(
      { id: r.id, action: kind, reason: reason ?? undefined },
      {
        onSuccess: () =>
          (kind === 'remind' || kind === 'retry') &&
          enqueueSnackbar(t(kind === 'remind' ? 'actions.reminded' : 'actions.retried'), {
            variant: 'success',
          }),
        onError: (e) => isApiError(e) && enqueueSnackbar(e.message, { variant: 'error' }),
      },
    );
  };
  const download = async (r: SignatureRequest) => {
    const blob = await requestPdf(vendorId, r.id);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${r.name}.pdf`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const myTurn = (r: SignatureRequest) =>
    r.signatories.some((s) => s.user_id === me.data?.id && s.status === 'in_progress') &&
    ['waiting', 'in_progress'].includes(r.status);

  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('title')}</Typography>
      <Tabs value={tab} onChange={(_, v) => setTab(v)}>
        <Tab value="all" label={t('tabs.all')} data-testid="signatures-tab-all" />
        <Tab
          value="toSign"
          label={t('tabs.toSign', { count: mine.data?.length ?? 0 })}
          data-testid="signatures-tab-to-sign"
        />
      </Tabs>
      {tab === 'toSign' && <ToSignList firmId={firmId} />}
      {tab === 'all' && (
        <Table size="small" data-testid="signature-requests">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.name')}</TableCell>
              <TableCell>{t('columns.status')}</TableCell>
              <TableCell>{t('columns.progress')}</TableCell>
              <TableCell>{t('columns.signatories')}</TableCell>
              <TableCell>{t('columns.created')}</TableCell>
              <TableCell align="right">{t('columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.data.map((r) => {
              const signed = r.signatories.filter((s) => s.status === 'signed').length;
              return (
                <TableRow key={r.id} data-testid={`signature-request-${r.id}`}>
                  <TableCell>
                    {r.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('fromVersion', { n: r.version_number })}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOUR[r.status]}
                      label={t(`status.${r.status}`)}
                      data-testid="signature-status"
                    />
                  </TableCell>
                  <TableCell>{t('progress', { signed, total: r.signatories.length })}</TableCell>
                  <TableCell>
                    {r.signatories.map((s) => (
                      <Typography key={s.id} variant="body2">
                        {s.position}. {s.firstname} {s.lastname} — {t(`signatoryStatus.${s.status}`)}
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell>{new Date(r.created_at).toLocaleDateString(i18n.language)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                      {myTurn(r) && (
                        <Button
                          size="small"
                          variant="contained"
                          onClick={() => setParams({ sign: String(r.id) })}
                        >
                          {t('actions.sign')}
                        </Button>
                      )}
                      {r.status === 'created' && (
                        <>
                          <Button size="small" onClick={() => setDraft(r)}>
                            {t('actions.edit')}
                          </Button>
                          <Button size="small" onClick={() => run(r, 'send')}>
                            {t('actions.send')}
                          </Button>
                          <Button size="small" color="error" onClick={() => run(r, 'delete')}>
                            {t('actions.delete')}
                          </Button>
                        </>
                      )}
                      {['waiting', 'in_progress'].includes(r.status) && (
                        <Button size="small" onClick={() => run(r, 'remind')}>
                          {t('actions.remind')}
                        </Button>
                      )}
                      {r.status === 'error' && (
                        <Button size="small" onClick={() => run(r, 'retry')}>
                          {t('actions.retry')}
                        </Button>
                      )}
                      {['waiting', 'in_progress', 'error'].includes(r.status) && (
                        <Button size="small" color="error" onClick={() => run(r, 'cancel')}>
                          {t('actions.cancelRequest')}
                        </Button>
                      )}
                      <Button size="small" onClick={() => void download(r)}>
                        {t('actions.download')}
                      </Button>
                      <Button size="small" onClick={() => setAudit(r)}>
                        {t('actions.audit')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {tab === 'all' && list.data && list.data.data.length === 0 && (
        <Alert severity="info">{t('empty')}</Alert>
      )}
      {tab === 'all' && list.data && list.data.last_page > 1 && (
        <Pagination count={list.data.last_page} page={page} onChange={(_, p) => setPage(p)} />
      )}
      {documentId && (
        <RequestEditor
          vendorId={vendorId}
          firmId={firmId}
          documentId={documentId}
          documentName={params.get('name') ?? ''}
          onClose={() => closeParam('document_id')}
        />
      )}
      {draft && (
        <RequestEditor
          vendorId={vendorId}
          firmId={firmId}
          documentId={draft.document_id}
          documentName={draft.name}
          draft={draft}
          onClose={() => setDraft(null)}
        />
      )}
      {signing && me.data && (
        <SignDialog
          request={signing}
          userId={me.data.id}
          codeRequired={codeRequired}
          onClose={() => closeParam('sign')}
        />
      )}
      {audit && <AuditDialog request={audit} onClose={() => setAudit(null)} />}
    </Stack>
  );
}

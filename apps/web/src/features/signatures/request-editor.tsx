import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CreateSignatureRequest, SignatureRequest } from '@portal/contracts';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import {
  useFirmMembers,
  useSaveDraft,
  useSignatureAction,
  useSignatureSettings,
  useVendorUsers,
} from './api';
import { documentPdf } from './signing-api';

const PdfPage = lazy(() => import('./pdf-page'));

export const COLOURS = ['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b'];
const FIELD_SIZE = { width: 0.3, height: 0.08 };

type Person = {
  key: string;
  label: string;
  user_id?: number;
  email: string;
  firstname?: string;
  lastname?: string;
};
type Placed = Person & { field: { page: number; x: number; y: number; width: number; height: number } };

type Props = {
  vendorId: number;
  firmId: number;
  documentId: number;
  documentName: string;
  /** A draft to reopen: its values fill the editor and saving changes it. */
  draft?: SignatureRequest;
  onClose: () => void;
};

const DAY_MS = 86_400_000;
const REMINDER_CHOICES = [0, 1, 2, 3, 5, 7, 14];

function placedOf(draft: SignatureRequest | undefined): Placed[] {
  return (draft?.signatories ?? []).map((s) => ({
    key: s.user_id ? `u${s.user_id}` : `o${s.email}`,
    label: `${s.firstname} ${s.lastname}`.trim() || s.email,
    email: s.email,
    firstname: s.firstname,
    lastname: s.lastname,
    ...(s.user_id ? { user_id: s.user_id } : {}),
    field: s.fields[0] ?? { page: 1, x: 0.1, y: 0.7, ...FIELD_SIZE },
  }));
}

/** "Faire signer": the signatories in order, each one's field placed on the PDF, then sent. */
export function RequestEditor({ vendorId, firmId, documentId, documentName, draft, onClose }: Props) {
  const { t } = useTranslation('signatures');
  const { enqueueSnackbar } = useSnackbar();
  const users = useVendorUsers(vendorId);
  const members = useFirmMembers(firmId);
  const save = useSaveDraft(vendorId);
  const action = useSignatureAction(vendorId);
  const settings = useSignatureSettings(firmId);
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const [name, setName] = useState(draft?.name ?? documentName.replace(/\.pdf$/i, ''));
  const [ordering, setOrdering] = useState<'sequential' | 'parallel'>(draft?.ordering ?? 'sequential');
  const [people, setPeople] = useState<Placed[]>(() => placedOf(draft));
  const [message, setMessage] = useState(draft?.message ?? '');
  const [reminders, setReminders] = useState<number | null>(draft ? (draft.reminder_every_days ?? 0) : null);
  const [expiryDays, setExpiryDays] = useState<number | null>(
    draft ? Math.max(1, Math.round((new Date(draft.expires_at).getTime() - Date.now()) / DAY_MS)) : null,
  );
  const defaults = settings.data;
  const reminderValue = reminders ?? defaults?.default_reminder_every_days ?? 0;
  const expiryValue = expiryDays ?? defaults?.default_expiry_days ?? 30;
  const [selected, setSelected] = useState(0);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(1);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [outsider, setOutsider] = useState({ email: '', firstname: '', lastname: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    void documentPdf(vendorId, documentId).then(setBlob, (e: Error) =>
      enqueueSnackbar(e.message, { variant: 'error' }),
    );
  }, [vendorId, documentId, enqueueSnackbar]);

  const options = useMemo(() => {
    const seen = new Set<number>();
    const all: Person[] = [];
    for (const u of users.data ?? [])
      if (!seen.has(u.id) && !u.revoked_at) {
        seen.add(u.id);
        all.push({
          key: `u${u.id}`,
          user_id: u.id,
          email: u.email,
          label: `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() || u.email,
        });
      }
    for (const m of members.data ?? [])
      if (!seen.has(m.user_id) && !m.invitation_pending) {
        seen.add(m.user_id);
        all.push({
          key: `u${m.user_id}`,
          user_id: m.user_id,
          email: m.email,
          label: `${m.firstname ?? ''} ${m.lastname ?? ''}`.trim() || m.email,
        });
      }
    return all.filter((p) => !people.some((q) => q.key === p.key));
  }, [users.data, members.data, people]);

  const add = (person: Person) => {
    const n = people.length;
    setPeople([
      ...people,
      {
        ...person,
        field: {
          page: pages,
          x: 0.08 + (n % 2) * 0.5,
          y: Math.min(0.9, 0.72 + Math.floor(n / 2) * 0.1),
          ...FIELD_SIZE,
        },
      },
    ]);
    setSelected(n);
    setPage(pages);
  };
  const place = (x: number, y: number) => {
    const p = people[selected];
    if (!p) return;
    const field = {
      page,
      ...FIELD_SIZE,
      x: Math.min(1 - FIELD_SIZE.width, Math.max(0, x - FIELD_SIZE.width / 2)),
      y: Math.min(1 - FIELD_SIZE.height, Math.max(0, y - FIELD_SIZE.height / 2)),
    };
    setPeople(people.map((q, i) => (i === selected ? { ...q, field } : q)));
  };

  const submit = async (send: boolean) => {
    const body: CreateSignatureRequest = {
      document_id: documentId,
      ...(draft ? { version_id: draft.version_id } : {}),
      name,
      ordering,
      message: message.trim() || null,
      // Left out until changed: the portal's defaults apply (the server knows them for everyone).
      ...(reminders === null ? {} : { reminder_every_days: reminders || null }),
      ...(expiryDays === null
        ? {}
        : { expires_at: new Date(Date.now() + expiryDays * DAY_MS).toISOString() }),
      signatories: people.map((p) =>
        p.user_id
          ? { user_id: p.user_id, fields: [p.field] }
          : { email: p.email, firstname: p.firstname!, lastname: p.lastname!, fields: [p.field] },
      ),
    };
    try {
      const saved = await save.mutateAsync({ id: draftId, body });
      // Kept as a draft from now on, even when sending fails (no balance left...).
      setDraftId(saved.id);
      if (send) await action.mutateAsync({ id: saved.id, action: 'send' });
      enqueueSnackbar(t(send ? 'editor.sent' : 'editor.draftSaved'), { variant: 'success' });
      onClose();
    } catch (error) {
      if (isApiError(error)) {
        setErrors(error.body?.errors ?? {});
        enqueueSnackbar(error.message, { variant: 'error' });
      }
    }
  };

  const overlays = people
    .map((p, i) => ({
      ...p.field,
      key: String(i + 1),
      colour: COLOURS[i % COLOURS.length]!,
      label: `${i + 1}. ${p.label}`,
    }))
    .filter((o) => o.page === page);

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>
        {draft ? t('editor.editTitle', { name: draft.name }) : t('editor.title', { name: documentName })}
      </DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={3} sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ width: 380, flexShrink: 0 }}>
            <TextField
              label={t('editor.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!errors.name}
              helperText={errors.name?.join(' ')}
            />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={ordering}
              onChange={(_, v) => v && setOrdering(v)}
            >
              <ToggleButton value="sequential">{t('editor.sequential')}</ToggleButton>
              <ToggleButton value="parallel">{t('editor.parallel')}</ToggleButton>
            </ToggleButtonGroup>
            <TextField
              label={t('editor.message')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              multiline
              minRows={2}
              error={!!errors.message}
              helperText={errors.message?.join(' ')}
            />
            <Stack direction="row" spacing={1}>
              <TextField
                select
                size="small"
                label={t('editor.reminders')}
                value={reminderValue}
                onChange={(e) => setReminders(Number(e.target.value))}
                sx={{ flexGrow: 1 }}
                data-testid="editor-reminders"
              >
                {REMINDER_CHOICES.map((n) => (
                  <MenuItem key={n} value={n}>
                    {n === 0 ? t('editor.noReminders') : t('editor.everyDays', { count: n })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={t('editor.expiryDays')}
                value={expiryValue}
                onChange={(e) => setExpiryDays(Math.max(1, Math.min(365, Number(e.target.value) || 1)))}
                error={!!errors.expires_at}
                helperText={errors.expires_at?.join(' ')}
                sx={{ width: 150 }}
                slotProps={{ htmlInput: { min: 1, max: 365 } }}
              />
            </Stack>
            <Typography variant="subtitle2">{t('editor.signatories')}</Typography>
            {people.map((p, i) => (
              <Stack key={p.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip
                  label={`${i + 1}. ${p.label}`}
                  onClick={() => {
                    setSelected(i);
                    setPage(p.field.page);
                  }}
                  variant={i === selected ? 'filled' : 'outlined'}
                  sx={{ borderColor: COLOURS[i % COLOURS.length], flexGrow: 1, justifyContent: 'flex-start' }}
                />
                <Typography variant="caption">{t('editor.page', { page: p.field.page })}</Typography>
                <IconButton
                  size="small"
                  aria-label={t('editor.remove', { name: p.label })}
                  onClick={() => setPeople(people.filter((_, j) => j !== i))}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Stack>
            ))}
            <Autocomplete
              options={options}
              getOptionLabel={(o) => `${o.label} <${o.email}>`}
              onChange={(_, v) => v && add(v)}
              value={null}
              renderInput={(params) => <TextField {...params} label={t('editor.pickPerson')} />}
            />
            <Typography variant="caption">{t('editor.outsider')}</Typography>
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                label={t('editor.firstname')}
                value={outsider.firstname}
                onChange={(e) => setOutsider({ ...outsider, firstname: e.target.value })}
              />
              <TextField
                size="small"
                label={t('editor.lastname')}
                value={outsider.lastname}
                onChange={(e) => setOutsider({ ...outsider, lastname: e.target.value })}
              />
            </Stack>
            <Stack direction="row" spacing={1}>
              <TextField
                size="small"
                fullWidth
                label={t('editor.email')}
                value={outsider.email}
                onChange={(e) => setOutsider({ ...outsider, email: e.target.value })}
              />
              <Button
                disabled={!outsider.email || !outsider.firstname || !outsider.lastname}
                onClick={() => {
                  add({
                    key: `o${outsider.email}`,
                    label: `${outsider.firstname} ${outsider.lastname}`,
                    ...outsider,
                  });
                  setOutsider({ email: '', firstname: '', lastname: '' });
                }}
              >
                {t('editor.addOutsider')}
              </Button>
            </Stack>
            {Object.entries(errors)
              .filter(([field]) => field.startsWith('signatories'))
              .map(([field, messages]) => (
                <Typography key={field} color="error" variant="caption">
                  {messages.join(' ')}
                </Typography>
              ))}
          </Stack>
          <Stack spacing={1} sx={{ alignItems: 'center', flexGrow: 1 }}>
            <Typography variant="caption">{t('editor.placeHint')}</Typography>
            <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" />
            {blob && (
              <Suspense fallback={null}>
                <PdfPage
                  blob={blob}
                  page={page}
                  width={460}
                  overlays={overlays}
                  onPages={setPages}
                  onPick={place}
                />
              </Suspense>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          disabled={people.length === 0 || !name.trim() || save.isPending}
          onClick={() => void submit(false)}
          data-testid="editor-save-draft"
        >
          {t('editor.saveDraft')}
        </Button>
        <Button
          variant="contained"
          disabled={people.length === 0 || !name.trim() || save.isPending || action.isPending}
          onClick={() => void submit(true)}
        >
          {t('editor.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { FieldDef } from '../../../components/form/field-defs';
import { PageLoader } from '../../../components/page-loader';
import { EntityDialog } from './entity-dialog';

type Props<T extends { id: number }> = {
  /** Key in the client-file catalogue: `<ns>.title`, `.add`, `.edit`, `.empty`, `.deleteTitle`, `.deleteBody`. */
  ns: string;
  canWrite: boolean;
  query: UseQueryResult<T[]>;
  primary: (item: T) => ReactNode;
  secondary?: (item: T) => ReactNode;
  extra?: (item: T) => ReactNode;
  /** The dialog's fields when adding, and when editing (defaults to the same; may depend on the item). */
  createDefs: readonly FieldDef[];
  editDefs?: readonly FieldDef[] | ((item: T) => readonly FieldDef[]);
  /** A line above the edit dialog's fields, for an item that needs one. */
  editIntro?: (item: T) => string | undefined;
  /** More of the edit dialog under its fields (its own state; sent by `update`). */
  editExtra?: (item: T) => ReactNode;
  createSchema: ZodType;
  editSchema?: ZodType;
  initialCreate?: Record<string, unknown>;
  create: (payload: Record<string, unknown>) => Promise<unknown>;
  update: (item: T, payload: Record<string, unknown>) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** Whether an item may be edited or removed (e.g. not while the server works on it). */
  editable?: (item: T) => boolean;
  testId: string;
};

/** A list of the client file's children with add, edit and delete dialogs. */
export function ChildrenTab<T extends { id: number }>(props: Props<T>) {
  const { ns, canWrite, query, primary, secondary, extra, testId } = props;
  const { t } = useTranslation('client-file');
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  if (!query.data) return <PageLoader />;
  const items = query.data;
  const isNew = editing === 'new';
  const item = isNew || editing === null ? null : editing;
  const editDefs = typeof props.editDefs === 'function' && item ? props.editDefs(item) : props.editDefs;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t(`${ns}.title`)}
        </Typography>
        {canWrite ? (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')}>
            {t(`${ns}.add`)}
          </Button>
        ) : null}
      </Stack>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t(`${ns}.empty`)}
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((item, index) => {
            const editable = canWrite && (props.editable?.(item) ?? true);
            return (
              <Fragment key={item.id}>
                {index > 0 ? <Divider component="li" /> : null}
                <ListItem
                  disableGutters
                  sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
                  data-testid={`${testId}-item`}
                >
                  <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                    <ListItemText
                      primary={primary(item)}
                      secondary={secondary?.(item)}
                      slotProps={{ secondary: { component: 'div' } }}
                      sx={{ overflowWrap: 'anywhere' }}
                    />
                    {extra?.(item)}
                  </Box>
                  {editable ? (
                    <Stack direction="row">
                      <Tooltip title={t('actions.edit')}>
                        <IconButton aria-label={t('actions.edit')} onClick={() => setEditing(item)}>
                          <EditIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('actions.delete')}>
                        <IconButton aria-label={t('actions.delete')} onClick={() => setRemoving(item)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  ) : null}
                </ListItem>
              </Fragment>
            );
          })}
        </List>
      )}
      <EntityDialog
        open={editing !== null}
        title={t(isNew ? `${ns}.add` : `${ns}.edit`)}
        defs={isNew ? props.createDefs : ((editDefs as readonly FieldDef[] | undefined) ?? props.createDefs)}
        intro={item ? props.editIntro?.(item) : undefined}
        extra={item ? props.editExtra?.(item) : undefined}
        schema={isNew ? props.createSchema : (props.editSchema ?? props.createSchema)}
        initial={isNew ? (props.initialCreate ?? null) : (editing as Record<string, unknown> | null)}
        onClose={() => setEditing(null)}
        onSubmit={(payload) =>
          editing === 'new' || editing === null ? props.create(payload) : props.update(editing, payload)
        }
        testId={`${testId}-dialog`}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t(`${ns}.deleteTitle`)}
        body={t(`${ns}.deleteBody`)}
        confirmLabel={t('actions.delete')}
        onClose={() => setRemoving(null)}
        onConfirm={() => (removing ? props.remove(removing) : Promise.resolve())}
      />
    </Paper>
  );
}

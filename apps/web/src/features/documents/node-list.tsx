import Draw from '@mui/icons-material/Draw';
import HistoryEdu from '@mui/icons-material/HistoryEdu';
import Lock from '@mui/icons-material/Lock';
import Verified from '@mui/icons-material/Verified';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Node } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../components/format-size';
import { StatusChip } from '../../components/status-chip';
import { NodeActions, type NodeHandlers, nodeKey } from './node-actions';
import { NodeIcon } from './node-icon';
import type { DisplayMode } from './prefs';
import { canChangeIn } from './rights';

export type NodeListProps = NodeHandlers & {
  nodes: readonly Node[];
  mode: DisplayMode;
  selected: ReadonlySet<string>;
  onToggle: (node: Node) => void;
  onToggleAll: (all: boolean) => void;
  highlightId?: number | null;
};

/** A folder's content in the chosen display mode (spec: mosaic, list, detailed). */
export function NodeList(props: NodeListProps) {
  const { t } = useTranslation('documents');
  if (props.nodes.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} data-testid="documents-empty">
        {t(canChangeIn(props, props.folderReadOnly) ? 'list.empty' : 'list.emptyReadOnly')}
      </Typography>
    );
  if (props.mode === 'mosaic') return <Mosaic {...props} />;
  return <Rows {...props} detailed={props.mode === 'detailed'} />;
}

function Name({ node }: { node: Node }) {
  const { t } = useTranslation('documents');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        noWrap
        title={node.name}
        sx={{ fontWeight: node.unread ? 700 : 400 }}
        data-testid="node-name"
      >
        {node.name}
      </Typography>
      {node.read_only && <Lock sx={{ fontSize: 16 }} color="action" titleAccess={t('readOnly')} />}
      {node.is_validated && <Verified sx={{ fontSize: 16 }} color="success" titleAccess={t('validated')} />}
      <SignatureMarks node={node} />
      {node.workflow_status && <StatusChip status={node.workflow_status} testId="node-status" />}
    </Box>
  );
}

/** A document signed (its latest version, filed back by a request) or out for signature (issue 29). */
function SignatureMarks({ node }: { node: Node }) {
  const { t } = useTranslation('documents');
  const mark = (key: 'hasSignatures' | 'inSignature', icon: React.ReactElement) => (
    <Tooltip title={t(key)}>
      <Box component="span" role="img" aria-label={t(key)} sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
    </Tooltip>
  );
  return (
    <>
      {node.has_signatures &&
        mark('hasSignatures', <HistoryEdu sx={{ fontSize: 16 }} color="success" data-testid="node-signed" />)}
      {node.in_signature &&
        mark('inSignature', <Draw sx={{ fontSize: 16 }} color="warning" data-testid="node-in-signature" />)}
    </>
  );
}

function Icon({ node, large }: { node: Node; large?: boolean }) {
  const { t } = useTranslation('documents');
  const icon = <NodeIcon type={node.type} extension={node.extension} fontSize={large ? 'large' : 'medium'} />;
  if (node.type === 'folder' && node.counter > 0)
    return (
      <Badge
        color="primary"
        badgeContent={node.counter}
        max={99}
        title={t('unreadCount', { count: node.counter })}
      >
        {icon}
      </Badge>
    );
  return icon;
}

function Rows({ detailed, ...props }: NodeListProps & { detailed: boolean }) {
  const { t, i18n } = useTranslation('documents');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const all = props.nodes.every((n) => props.selected.has(nodeKey(n)));
  const some = props.nodes.some((n) => props.selected.has(nodeKey(n)));
  return (
    <Table
      size="small"
      aria-label={t('list.label')}
      data-testid="node-list"
      data-mode={detailed ? 'detailed' : 'list'}
    >
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={all}
              indeterminate={some && !all}
              onChange={(e) => props.onToggleAll(e.target.checked)}
              slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
            />
          </TableCell>
          <TableCell>{t('columns.name')}</TableCell>
          {detailed && (
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.updated')}</TableCell>
          )}
          {detailed && (
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.type')}</TableCell>
          )}
          <TableCell align="right">{t('columns.size')}</TableCell>
          <TableCell align="right">
            <Box component="span" sx={visuallyHidden}>
              {t('columns.actions')}
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.nodes.map((node) => {
          const key = nodeKey(node);
          return (
            <TableRow
              key={key}
              hover
              selected={props.selected.has(key) || node.id === props.highlightId}
              onDoubleClick={() => props.onOpen(node)}
              data-node={key}
            >
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={props.selected.has(key)}
                  onChange={() => props.onToggle(node)}
                  slotProps={{ input: { 'aria-label': t('list.select', { name: node.name }) } }}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 0, width: '60%' }}>
                <Box
                  component="button"
                  type="button"
                  onClick={() => props.onOpen(node)}
                  sx={linkButton}
                  aria-label={t('actions.open', { name: node.name })}
                >
                  <Icon node={node} />
                  <Name node={node} />
                </Box>
              </TableCell>
              {detailed && (
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {date.format(new Date(node.updated_at))}
                </TableCell>
              )}
              {detailed && (
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {node.type === 'folder' ? t('columns.folder') : (node.extension || '—').toUpperCase()}
                </TableCell>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {node.size === null ? '' : formatSize(node.size, i18n.language)}
              </TableCell>
              <TableCell align="right" padding="none">
                <NodeActions node={node} handlers={props} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function Mosaic(props: NodeListProps) {
  const { t, i18n } = useTranslation('documents');
  return (
    <Box
      data-testid="node-list"
      data-mode="mosaic"
      role="list"
      aria-label={t('list.label')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5, p: 1 }}
    >
      {props.nodes.map((node) => {
        const key = nodeKey(node);
        const selected = props.selected.has(key);
        return (
          <Paper
            key={key}
            role="listitem"
            variant="outlined"
            data-node={key}
            onDoubleClick={() => props.onOpen(node)}
            sx={{
              p: 1,
              position: 'relative',
              borderColor: selected || node.id === props.highlightId ? 'primary.main' : undefined,
              bgcolor: selected ? 'action.selected' : undefined,
            }}
          >
            <Checkbox
              size="small"
              checked={selected}
              onChange={() => props.onToggle(node)}
              sx={{ position: 'absolute', top: 0, left: 0 }}
              slotProps={{ input: { 'aria-label': t('list.select', { name: node.name }) } }}
            />
            <Box
              component="button"
              type="button"
              onClick={() => props.onOpen(node)}
              aria-label={t('actions.open', { name: node.name })}
              sx={{ ...linkButton, flexDirection: 'column', width: '100%', pt: 2 }}
            >
              <Box sx={{ '& svg': { fontSize: 56 } }}>
                <Icon node={node} large />
              </Box>
              <Name node={node} />
              <Typography variant="caption" color="text.secondary">
                {node.size === null ? t('columns.folder') : formatSize(node.size, i18n.language)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <NodeActions node={node} handlers={props} />
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}

const linkButton = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  minWidth: 0,
  maxWidth: '100%',
  border: 0,
  p: 0,
  bgcolor: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  textAlign: 'left',
} as const;

// Pixels written out: in `sx` a bare 1 is 100 % (the column's label overflowed a phone's width).
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

import Chip from '@mui/material/Chip';
import type { NodeWorkflowStatus } from '@portal/contracts';

/** A workflow status as a small coloured chip (its colour as the outline, readable in both modes). */
export function StatusChip({
  status,
  onClick,
  testId,
}: {
  status: Pick<NodeWorkflowStatus, 'name' | 'colour'> & { is_final?: boolean };
  onClick?: () => void;
  testId?: string;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status.name}
      onClick={onClick}
      data-testid={testId}
      sx={{
        borderColor: status.colour,
        fontWeight: status.is_final ? 600 : undefined,
        '&::before': {
          content: '""',
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: status.colour,
          ml: 1,
        },
      }}
    />
  );
}

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled block of a super admin form. */
export function FormSection({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom={!intro}>
        {title}
      </Typography>
      {intro ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {intro}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

import { enqueueSnackbar, type OptionsObject, type SnackbarMessage, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

type Props = { onReady: (enqueue: (message: SnackbarMessage, options?: OptionsObject) => void) => void };

/** notistack's provider; once mounted, its `enqueueSnackbar` shows the snackbars asked for. */
export default function SnackbarHost({ onReady }: Props) {
  useEffect(() => onReady(enqueueSnackbar), [onReady]);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}

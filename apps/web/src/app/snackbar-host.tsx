import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

type Props = {
  onReady: (controls: { enqueue: typeof enqueueSnackbar; closeAll: () => void }) => void;
};

/** notistack's provider; once mounted, its `enqueueSnackbar` shows the snackbars asked for. */
export default function SnackbarHost({ onReady }: Props) {
  useEffect(() => onReady({ enqueue: enqueueSnackbar, closeAll: () => closeSnackbar() }), [onReady]);
  return <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}

import { useTranslation } from 'react-i18next';

/** An error text: a message key of the catalogue, or a message the server already translated. */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  return (message: string | undefined) =>
    message ? (i18n.exists(message, { ns: 'errors' }) ? t(message) : message) : undefined;
}

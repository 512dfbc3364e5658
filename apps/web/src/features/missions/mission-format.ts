import type { MissionStatus } from '@portal/contracts';

/** A mission status's chip colour. */
export const STATUS_COLOUR: Record<MissionStatus, 'default' | 'success' | 'info'> = {
  not_signed: 'default',
  signed: 'success',
  done: 'info',
};

/** Cents as EUR in the language's format (spec section 9). */
export const formatCents = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

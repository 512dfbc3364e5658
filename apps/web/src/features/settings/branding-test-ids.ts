import type { ThemeMode } from '@portal/contracts';

/** Stable `data-testid`s of the branding editor (apps/web/e2e/settings/firm-branding.spec.ts). */
export const BRANDING_IDS = {
  page: 'branding',
  /** One card per theme. */
  card: (theme: ThemeMode) => `branding-${theme}`,
  updated: 'branding-updated',
  preview: 'branding-preview',
  previewBar: 'branding-preview-bar',
  previewButton: 'branding-preview-button',
  logo: 'branding-logo',
  noLogo: 'branding-no-logo',
  logoInput: 'branding-logo-input',
  logoRemove: 'branding-logo-remove',
  logoError: 'branding-logo-error',
  save: 'branding-save',
} as const;

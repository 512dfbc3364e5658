/**
 * The super admin's area (spec section 2, route `sa`): its sections below `/sa`. Only the
 * portals are built; the others show "coming soon".
 */
export type SaSection = {
  path: string;
  built: boolean;
  /** Shown as a card on the home page. */
  card: boolean;
};

export const SA_SECTIONS: readonly SaSection[] = [
  { path: 'accounting-firms', built: true, card: true },
  { path: 'applications', built: false, card: true },
  { path: 'modules', built: false, card: true },
  { path: 'flags', built: false, card: true },
  { path: 'customer-import', built: false, card: true },
  { path: 'support', built: false, card: true },
  { path: 'mobile-app', built: false, card: false },
  { path: 'nps-survey', built: false, card: false },
  { path: 'catalog-themes', built: false, card: false },
  { path: 'documents', built: false, card: false },
  { path: 'products', built: false, card: false },
  { path: 'ged-import', built: false, card: false },
  { path: 'horizon', built: false, card: false },
];

/** The absolute path of a super admin screen: `saPath('accounting-firms', 12)` = `/sa/accounting-firms/12`. */
export const saPath = (...parts: (string | number)[]) => ['/sa', ...parts].join('/');

export const firmsPath = (...parts: (string | number)[]) => saPath('accounting-firms', ...parts);

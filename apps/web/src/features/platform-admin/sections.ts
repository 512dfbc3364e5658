import { isBuilt } from '@portal/contracts/features';

/**
 * The super admin's area (spec section 2, route `sa`): its sections below `/sa`. Only the
 * built ones (`builtFeatures.superAdmin`) are listed; the others answer "coming soon".
 */
export type SaSection = {
  path: string;
  built: boolean;
  /** Shown as a card on the home page. */
  card: boolean;
};

const saSection = (path: string, card: boolean): SaSection => ({
  path,
  built: isBuilt('superAdmin', path),
  card,
});

export const SA_SECTIONS: readonly SaSection[] = [
  saSection('accounting-firms', true),
  saSection('applications', true),
  saSection('modules', true),
  saSection('flags', true),
  saSection('customer-import', true),
  saSection('support', true),
  saSection('mobile-app', false),
  saSection('nps-survey', true),
  saSection('catalog-themes', false),
  saSection('documents', false),
  saSection('products', true),
  saSection('ged-import', false),
  saSection('horizon', false),
];

/** The absolute path of a super admin screen: `saPath('accounting-firms', 12)` = `/sa/accounting-firms/12`. */
export const saPath = (...parts: (string | number)[]) => ['/sa', ...parts].join('/');

export const firmsPath = (...parts: (string | number)[]) => saPath('accounting-firms', ...parts);

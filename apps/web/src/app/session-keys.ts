/**
 * The query keys the first load needs (the session, the white label, the shell's workspace): kept
 * apart from `query-keys.ts`, which grows with every feature, so that /signin's first file does not.
 * Imports nothing. `query-keys.ts` re-exports them.
 */

/** The signed-in user. */
export const ME_KEY = ['me'] as const;

/** Prefix of the cached white labels: invalidated when a firm changes its branding. */
export const WHITE_LABEL_KEY = ['white-label'] as const;

/**
 * The shell's workspace: the user's firms and client files, a company's roles (the caller's rights
 * there), the firm's modules. Forgotten at sign-out.
 */
export const workspaceKeys = {
  all: ['workspace'] as const,
  allFirms: ['workspace', 'firms'] as const,
  firms: (host: string) => ['workspace', 'firms', host] as const,
  allVendors: ['workspace', 'vendors'] as const,
  vendors: (firmId: number | undefined) => ['workspace', 'vendors', firmId] as const,
  roles: (vendorId: number | undefined) => ['workspace', 'roles', vendorId] as const,
  firmModules: (firmId: number | undefined) => ['workspace', 'firm-modules', firmId] as const,
};

/** Stable `data-testid`s of the signed-out screens (apps/web/e2e). */
export const AUTH_IDS = {
  acceptInvitation: 'accept-invitation',
} as const;

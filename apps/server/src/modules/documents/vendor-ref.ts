import type { ThemeGrant } from '../../platform/access/access';

/**
 * A client file as the document manager knows it: its id and its firm, and, when a person acts,
 * the themes whose folders they see (`themes`; absent or null: every folder). The tree service
 * reads `themes` so every lookup and listing made for that person applies the theme rule.
 */
export type VendorRef = { id: number; accountingFirmId: number; themes?: ThemeGrant | null };

import { sql } from 'drizzle-orm';
import { vendors } from '../../../db/schema';
import { isoTimestamp } from '../../../platform/db-json';

const fiscal = (key: string, otherwise: 'false' | 'null') =>
  sql.raw(`coalesce(${'"vendors"."fiscal"'} -> '${key}', '${otherwise}'::jsonb)`);

/**
 * A client file as the API writes it (the contracts' `Vendor`, the same fields as
 * `toVendorDto`, which writes answers from a returned row), built by PostgreSQL for the read
 * every client-file screen starts with: a wide row costs more to describe, parse, map and
 * serialise in Node than the query costs (`prebuiltJson`). `vendor-json.routes.test.ts` keeps
 * the two equal.
 */
export const vendorJson = sql<string>`json_build_object(
  'id', ${vendors.id}, 'accounting_firm_id', ${vendors.accountingFirmId}, 'company', ${vendors.company},
  'corporate_name', ${vendors.corporateName}, 'client_code', ${vendors.clientCode},
  'siren', ${vendors.siren}, 'siret', ${vendors.siret}, 'identifier_type', ${vendors.identifierType},
  'identifier', ${vendors.identifier}, 'status', ${vendors.status},
  'deactivated_at', ${isoTimestamp(vendors.deactivatedAt)}, 'created_at', ${isoTimestamp(vendors.createdAt)},
  'contact_email', ${vendors.contactEmail}, 'contact_phone', ${vendors.contactPhone},
  'colour', ${vendors.colour}, 'notes', ${vendors.notes}, 'naf_code', ${vendors.nafCode},
  'legal_form', ${vendors.legalForm}, 'capital', ${vendors.capital},
  'employee_number', ${vendors.employeeNumber}, 'rcs', ${vendors.rcs}, 'rum', ${vendors.rum},
  'creation_date', ${vendors.creationDate}, 'closing_date', ${vendors.closingDate},
  'mission_letter_date', ${vendors.missionLetterDate}, 'tree_structure_id', ${vendors.treeStructureId},
  'notifications_count', ${vendors.notificationsCount},
  'cfe', ${fiscal('cfe', 'false')}, 'cga', ${fiscal('cga', 'false')}, 'cvae', ${fiscal('cvae', 'false')},
  'das2', ${fiscal('das2', 'false')}, 'decloyer', ${fiscal('decloyer', 'false')},
  'dsi', ${fiscal('dsi', 'false')}, 'ifu', ${fiscal('ifu', 'false')}, 'irpp', ${fiscal('irpp', 'false')},
  'tvts', ${fiscal('tvts', 'false')}, 'fiscal_account', ${fiscal('fiscal_account', 'null')},
  'fiscal_status', ${fiscal('fiscal_status', 'null')}, 'fiscal_type', ${fiscal('fiscal_type', 'null')},
  'tva_type', ${fiscal('tva_type', 'null')}, 'tva_period', ${fiscal('tva_period', 'null')},
  'tva_due_day', ${fiscal('tva_due_day', 'null')}, 'tva_intra_number', ${fiscal('tva_intra_number', 'null')},
  'tax_office', ${fiscal('tax_office', 'null')}, 'tax_comment', ${fiscal('tax_comment', 'null')},
  'updated_at', ${isoTimestamp(vendors.updatedAt)})::text`;

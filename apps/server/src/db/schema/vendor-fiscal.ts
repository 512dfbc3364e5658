/** The fiscal tab of a client file, kept as one JSON document (read and written as a whole). */
export type VendorFiscal = {
  cfe?: boolean;
  cga?: boolean;
  cvae?: boolean;
  das2?: boolean;
  decloyer?: boolean;
  dsi?: boolean;
  ifu?: boolean;
  irpp?: boolean;
  tvts?: boolean;
  fiscal_account?: string | null;
  fiscal_status?: string | null;
  fiscal_type?: string | null;
  tva_type?: string | null;
  tva_period?: 'monthly' | 'quarterly' | 'yearly' | 'none' | null;
  tva_due_day?: number | null;
  tva_intra_number?: string | null;
  tax_office?: string | null;
  tax_comment?: string | null;
};

/** A client file as the document manager knows it: its id and its firm. */
export type VendorRef = { id: number; accountingFirmId: number };

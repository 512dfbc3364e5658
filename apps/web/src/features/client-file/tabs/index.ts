/**
 * The client-file tabs, reused by the settings area (a client user's company settings).
 * Each tab fetches its own data; `canWrite` false hides every edit action.
 */
export { AddressesTab } from './addresses-tab';
export { AdministrationTab } from './administration-tab';
export { BanksTab } from './banks-tab';
export { FinancialYearsTab } from './financial-years-tab';
export { FiscalTab } from './fiscal-tab';
export { GeneralTab } from './general-tab';
export { NotesTab } from './notes-tab';
export type { ClientFileTabProps } from './types';
export { UsersTab } from './users-tab';

export * from './clients';
export * from './documents';
export * from './identity';
export * from './mail';
export * from './platform';
export * from './tasks';
export * from './tenancy';
export * from './terms';
export type { VendorFiscal } from './vendor-fiscal';

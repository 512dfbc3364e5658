export * from './iban';
export * from './ids';
export * from './luhn';
export * from './password';
export * from './text';

export * from './children';
export * from './import';
export * from './vendor';

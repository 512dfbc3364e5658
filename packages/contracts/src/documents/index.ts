export * from './documents';
export * from './folders';
export * from './names';
export * from './previews';
export * from './search';
export * from './storage';
export * from './unread';
export * from './uploads';

export * from './documents';
export * from './folders';
export * from './names';
export * from './previews';
export * from './unread';
export * from './uploads';

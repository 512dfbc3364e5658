// `npm run backup [-- --list | --restore FILE]`: backups of the embedded database.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib/build.mjs';

buildIfStale();
await import(pathToFileURL(path.join(root, 'apps/server/dist/backup.js')).href);

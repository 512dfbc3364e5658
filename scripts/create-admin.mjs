// `npm run create-admin -- --email someone@example.com [--password ...]`: first super admin.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib/build.mjs';

buildIfStale();
await import(pathToFileURL(path.join(root, 'apps/server/dist/create-admin.js')).href);

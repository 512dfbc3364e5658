// `npm start`: builds when needed, then runs the built server (one process: API, web app).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib/build.mjs';

buildIfStale();
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);

// `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev server (port 5173,
// proxying /api to it).
import { spawn } from 'node:child_process';
import { root } from './lib/build.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { SERVE_WEB: 'false', NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: `${root}/apps/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);

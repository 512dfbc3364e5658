import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

type VersionInfo = { version: string; build: string };

/** Reads the product version from the root package.json. */
function readRootVersion(): string {
  const path = fileURLToPath(new URL('../../package.json', import.meta.url));
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * Defines `__APP_VERSION__` and `__APP_BUILD__`, and writes `version.json` beside the bundle so a
 * running app can tell that a newer build was deployed.
 */
function versionPlugin(): Plugin {
  const info: VersionInfo = { version: readRootVersion(), build: new Date().toISOString() };
  return {
    name: 'portal-version',
    config: () => ({
      define: {
        __APP_VERSION__: JSON.stringify(info.version),
        __APP_BUILD__: JSON.stringify(info.build),
      },
    }),
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(info));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify(info) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), versionPlugin()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page needs whatever the route (React, the router, MUI's core,
            // i18next, the data cache, the app's frame) in one file: one request, one gzip stream.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The sign-in page, its frame and what they use beyond the above: the first page of
            // most visits, in one file too.
            {
              name: 'signin',
              test: /features[\\/]auth[\\/](anonymous-layout|sign-in-page)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePreloadPlugin } from './vite/route-preload';

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

/**
 * pdf.js's data files (`pdfjs-dist`: wasm decoders for JBIG2 and JPEG 2000 scans and ICC colours,
 * standard fonts, CMaps of CJK text, the CMYK profile) written to `assets/pdfjs-<version>/` (cached for a year like
 * the rest of `assets/`; the version in the path changes with them). Without them pdf.js leaves
 * such images out, each after a failed import. The viewer points pdf.js there (`pdf-view.tsx`).
 */
function pdfjsDataPlugin(): Plugin {
  const from = fileURLToPath(new URL('../../node_modules/pdfjs-dist/', import.meta.url));
  return {
    name: 'portal-pdfjs-data',
    apply: 'build',
    async generateBundle() {
      const { version } = JSON.parse(await readFile(path.join(from, 'package.json'), 'utf8')) as {
        version: string;
      };
      for (const dir of ['wasm', 'standard_fonts', 'cmaps', 'iccs']) {
        for (const file of await readdir(path.join(from, dir))) {
          if (file.startsWith('LICENSE')) continue;
          this.emitFile({
            type: 'asset',
            fileName: `assets/pdfjs-${version}/${dir}/${file}`,
            source: await readFile(path.join(from, dir, file)),
          });
        }
      }
    },
  };
}

/**
 * React Router 7's package exports only its development build (dev warnings and checks): the build
 * takes the production build the package ships beside it (about 8 KB gzip less on /signin).
 */
function reactRouterProductionPlugin(): Plugin {
  const production = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

/** Files worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest|wasm)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside each compressible file
 * of the build when smaller than it: the server sends them as they are (@fastify/static
 * `preCompressed`) to a browser that accepts them, and compresses nothing per request.
 */
function precompressPlugin(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const raw = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gz.length < raw.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    versionPlugin(),
    reactRouterProductionPlugin(),
    pdfjsDataPlugin(),
    routePreloadPlugin(),
    precompressPlugin(),
  ],
  // Pre-bundled at start: discovered mid-upload it would reload the page in dev.
  optimizeDeps: { include: ['hash-wasm'] },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The first-load chunk (React, the router, MUI's core, i18next...) is about 570 kB raw; what
    // counts is its gzip size, which `npm run bench -- web` holds to the budget.
    chunkSizeWarningLimit: 700,
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
            // The signed-in frame, the list of its pages and what they use beyond the above: one
            // file rather than ~35 small ones queued six at a time on the browser's connections
            // (HTTP/1.1) before any signed-in screen can draw.
            {
              name: 'shell',
              test: /(?:features[\\/]shell[\\/]shell-layout\.tsx|app[\\/]shell-pages\.ts)$/,
              priority: 0,
            },
          ],
        },
      },
    },
  },
});

// pdf.js's worker, started on its own: the viewer calls `startPdfWorker()` as it opens, so that
// the worker's script (1.2 MB, a file of the build: CSP worker-src 'self') downloads and compiles
// while pdf.js itself, the document's details and its content are still on their way. The one
// worker serves every document of the visit (`pdf-view.tsx`).
let worker: Worker | null = null;

export function startPdfWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  worker ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString(), {
    type: 'module',
    name: 'pdf.js',
  });
  return worker;
}

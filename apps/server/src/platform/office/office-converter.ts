import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Converts office files to PDF with LibreOffice, one at a time per process. */
export type OfficeConverter = {
  /** The soffice binary in use, or null when none was found (no conversion possible). */
  readonly binary: string | null;
  /** Converts `input` (its extension tells LibreOffice the format) into a PDF in `outDir`; its path. */
  toPdf(input: string, outDir: string): Promise<string>;
  /** Kills the conversion under way (its own process group outlives the server otherwise); no more start. */
  close(): void;
};

export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await fs.access(file, constants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** `configured` when given (null if not executable), else `soffice` or `libreoffice` on PATH. */
export async function findSoffice(configured: string | undefined, envPath = process.env.PATH ?? '') {
  if (configured) return (await isExecutable(configured)) ? path.resolve(configured) : null;
  for (const name of ['soffice', 'libreoffice'])
    for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, name);
      if (await isExecutable(candidate)) return candidate;
    }
  return null;
}

const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
};

/** Runs `binary args` in its own process group, killed whole (soffice forks soffice.bin) on timeout. */
function run(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  started: (child: ChildProcess | null) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    started(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new ConversionError(`conversion timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new ConversionError(error.message));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      started(null);
      if (code === 0) resolve();
      else reject(new ConversionError(`soffice exited with ${code}: ${stderr.trim().slice(0, 500)}`));
    });
  });
}

/**
 * A converter over `binary` (null: none). Conversions wait their turn (LibreOffice is heavy and a
 * profile is used by one instance at a time); each has `timeoutMs` once started. The profile is
 * this process's own, under the system's temporary folder.
 */
export function officeConverter(binary: string | null, timeoutMs: number): OfficeConverter {
  let turn: Promise<unknown> = Promise.resolve();
  let current: ChildProcess | null = null;
  let closed = false;
  const home = path.join(os.tmpdir(), `portal-soffice-${process.pid}`);

  async function convert(input: string, outDir: string): Promise<string> {
    if (!binary) throw new ConversionError('no converter');
    await fs.mkdir(home, { recursive: true });
    await fs.mkdir(outDir, { recursive: true });
    const args = [
      `-env:UserInstallation=${pathToFileURL(path.join(home, 'profile')).href}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ];
    const env = { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' };
    if (closed) throw new ConversionError('converter closed');
    await run(binary, args, env, timeoutMs, (child) => {
      current = child;
    });
    const pdf = path.join(outDir, `${path.parse(input).name}.pdf`);
    try {
      await fs.access(pdf);
    } catch {
      throw new ConversionError('soffice wrote no PDF');
    }
    return pdf;
  }

  return {
    binary,
    toPdf(input, outDir) {
      const result = turn.then(() => convert(input, outDir));
      turn = result.catch(() => undefined);
      return result;
    },
    close() {
      closed = true;
      if (current) killGroup(current);
    },
  };
}

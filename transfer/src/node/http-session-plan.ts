import { relative, sep } from 'node:path';
import type { HttpSessionOpen, HttpSessionOpened } from '@rapid/protocol';
import type { TokenClaims } from '../auth/transfer-token.ts';
import { confinePath } from '../fs/confine-path.ts';
import { planFile } from '../fs/resume-plan.ts';
import { newFileProgress } from '../session/file-progress.ts';
import { type FileProgress, SessionError } from '../session/session-types.ts';
import { sourceErrorCode, sourceFiles } from './source-files.ts';
import { clashRule, uploadTargets } from './upload-target.ts';

export interface SessionPlan {
  files: FileProgress[];
  /** Upload targets (local paths) or download sources (docroot-relative paths) → file index. */
  byPath: Map<string, number>;
  reply: Pick<HttpSessionOpened, 'uploads' | 'downloads'>;
}

/** A download's files, as a UDP sender would offer them; `SessionError` when a source cannot be listed. */
export function planDownloads(docroot: string, request: HttpSessionOpen, claims: TokenClaims): SessionPlan {
  let sources: ReturnType<typeof sourceFiles>;
  try {
    sources = sourceFiles(docroot, request.hello, claims.roots);
  } catch (error) {
    throw new SessionError(sourceErrorCode(error), (error as Error).message, false);
  }
  const root = confinePath(docroot, '/');
  const byPath = new Map<string, number>();
  const downloads = sources.map((file, index) => {
    const source = `/${relative(root, file.source).split(sep).join('/')}`;
    byPath.set(source, index);
    return { index, path: file.path, size: file.size, mtime_ms: file.mtime_ms, source };
  });
  return {
    files: sources.map((file, index) => newFileProgress(index, file.path, file.size)),
    byPath,
    reply: { downloads },
  };
}

/** An upload's plan, as a UDP receiver would answer the offer, after `create_dir` naming; refusals per file. */
export async function planUploads(
  docroot: string,
  request: HttpSessionOpen,
  claims: TokenClaims,
  placements: Record<string, string> = {},
): Promise<SessionPlan> {
  const { hello } = request;
  const offered = request.files ?? [];
  const targetOf = uploadTargets(docroot, hello, claims.roots, clashRule(claims, placements));
  const files = offered.map((file) => newFileProgress(file.index, file.path, file.size));
  const byPath = new Map<string, number>();
  const uploads: NonNullable<HttpSessionOpened['uploads']> = [];
  for (const [at, file] of offered.entries()) {
    const record = files[at] as FileProgress;
    try {
      const target = targetOf(file.path, offered.length);
      const plan = await planFile(target.local, file, hello.resume, hello.overwrite);
      byPath.set(target.local, file.index);
      if (plan.action === 'skip') Object.assign(record, { status: 'skipped', bytesWritten: file.size });
      else record.startByte = plan.have.reduce((sum, e) => sum + e.end - e.start, 0);
      uploads.push({
        index: file.index,
        target: target.relative,
        action: plan.action,
        have: plan.have.map((e) => [e.start, e.end] as [number, number]),
        samples: plan.samples,
        ...(plan.head ? { head: plan.head } : {}),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const desc = (error as Error).message;
      Object.assign(record, {
        status: 'failed',
        errorCode: typeof code === 'number' ? code : 41,
        errorDesc: desc,
      });
      uploads.push({
        index: file.index,
        target: '',
        action: 'skip',
        have: [],
        samples: [],
        error: { code: record.errorCode, desc },
      });
    }
  }
  return { files, byPath, reply: { uploads } };
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import {
  type LogLine,
  logLineSchema,
  WORKFLOW_LIMITS,
  type WorkflowAsset,
  type WorkflowChange,
  workflowChangeSchema,
} from '../../api/workflows.ts';
import { SANDBOX_PRELUDE } from './sandbox-prelude.ts';
import { SANDBOX_WORKER_SOURCE } from './sandbox-worker.ts';

export interface SandboxInput {
  script: string;
  /** Null for a run without an asset (a scheduled run). */
  asset: WorkflowAsset | null;
  /** The run's parameters, `params` in the script. */
  parameters: Record<string, string>;
  /** The person a Login or Permission workflow is asked about, `user` in the script; null otherwise. */
  user?: ScriptUser | null;
  timeoutMs: number;
  memoryMb: number;
}

export interface SandboxResult {
  changes: WorkflowChange[];
  log: LogLine[];
  /** Why the script did not finish (its timeout, its memory, an exception), in words; null when it finished. */
  error: string | null;
  /** A Permission workflow's answer (`dam.allow()`, `dam.deny(reason)`), or null when it gave none. */
  decision?: { allow: boolean; reason: string } | null;
}

/** What a script sees of a person (`user`). */
export interface ScriptUser {
  name: string;
  username: string;
  groups: string[];
}

const QUICKJS_PATH = createRequire(import.meta.url).resolve('quickjs-emscripten');
/** Past the script's own timeout, the time to start the worker and load QuickJS before the thread is ended. */
const START_GRACE_MS = 5_000;

const collectedSchema = z.object({
  changes: z.array(workflowChangeSchema).max(WORKFLOW_LIMITS.changes),
  log: z.array(logLineSchema).max(WORKFLOW_LIMITS.logLines),
  decision: z
    .object({ allow: z.boolean(), reason: z.string().max(500) })
    .nullable()
    .default(null),
});
const replySchema = z.object({
  collected: z.string().nullable(),
  stopped: z.object({ kind: z.enum(['timeout', 'memory', 'error']), message: z.string() }).nullable(),
});

/**
 * Runs a workflow script in QuickJS on a worker thread (R-WORKFLOW-SANDBOX): the server's own thread keeps serving
 * while a script loops, and a script that never yields is interrupted at its timeout inside QuickJS — and, should
 * that fail, the thread is ended a little later. Nothing the script asks for is done here: its changes come back as
 * data for the caller to show (a dry run) or apply (a run).
 */
export function runInSandbox(input: SandboxInput): Promise<SandboxResult> {
  return new Promise((resolve) => {
    const worker = new Worker(SANDBOX_WORKER_SOURCE, {
      eval: true,
      workerData: { ...input, prelude: SANDBOX_PRELUDE, quickjsPath: QUICKJS_PATH },
      // The worker's own JavaScript heap (QuickJS's memory is its WebAssembly memory, capped by the runtime).
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: SandboxResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(killer);
      void worker.terminate();
      resolve(result);
    };
    const killer = setTimeout(
      () => finish({ changes: [], log: [], error: WORKFLOW_MESSAGES.scriptTimedOut(input.timeoutMs) }),
      input.timeoutMs + START_GRACE_MS,
    );
    worker.on('message', (message: unknown) => finish(readReply(message, input)));
    worker.on('error', (error) =>
      finish({ changes: [], log: [], error: WORKFLOW_MESSAGES.scriptFailed(error.message) }),
    );
    worker.on('exit', () =>
      finish({
        changes: [],
        log: [],
        error: WORKFLOW_MESSAGES.scriptFailed('the sandbox ended unexpectedly'),
      }),
    );
  });
}

function readReply(message: unknown, input: SandboxInput): SandboxResult {
  const reply = replySchema.safeParse(message);
  if (!reply.success) return { changes: [], log: [], error: WORKFLOW_MESSAGES.scriptBadChange };
  let collected: z.output<typeof collectedSchema> = { changes: [], log: [], decision: null };
  let error: string | null = null;
  if (reply.data.collected !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.data.collected);
    } catch {
      parsed = undefined;
    }
    const checked = collectedSchema.safeParse(parsed);
    if (checked.success) collected = checked.data;
    else error = WORKFLOW_MESSAGES.scriptBadChange;
  }
  const stopped = reply.data.stopped;
  if (stopped?.kind === 'timeout') error = WORKFLOW_MESSAGES.scriptTimedOut(input.timeoutMs);
  else if (stopped?.kind === 'memory') error = WORKFLOW_MESSAGES.scriptOutOfMemory(input.memoryMb);
  else if (stopped) error = WORKFLOW_MESSAGES.scriptFailed(stopped.message);
  return { ...collected, error };
}

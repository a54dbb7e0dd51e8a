import { appendFileSync, readFileSync } from 'node:fs';
import type { ConsentAnswer, DesktopUi } from './desktop-ui.ts';

/**
 * The answers a ScriptedUi gives, read from a JSON file on every call so a test can change them between calls.
 * `consent` maps an origin (or `*`) to the answer (`true` Allow, `false` Deny, or how the consent dialog ended, `not-now`
 * for dismissed or timed out); `null` dialog answers mean "cancelled".
 */
export interface UiScript {
  consent?: Record<string, boolean | ConsentAnswer>;
  open_files?: string[] | null;
  open_folders?: string[] | null;
  save_file?: string | null;
}

/**
 * TEST DOUBLE for the desktop: answers from a script file and appends every question to a log file (one JSON line
 * each), so tests see what the user would have been asked. Only selected by explicit configuration
 * (`RAPID_UI=scripted`); production never falls back to it.
 */
export function createScriptedUi(scriptFile: string, logFile?: string): DesktopUi {
  const script = (): UiScript => JSON.parse(readFileSync(scriptFile, 'utf8')) as UiScript;
  const record = (entry: Record<string, unknown>) => {
    if (logFile) appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
  };
  const answerFor = (text: string): ConsentAnswer => {
    const consent = script().consent ?? {};
    const origin = Object.keys(consent).find((key) => key !== '*' && text.includes(key));
    const answer = consent[origin ?? '*'] ?? false;
    return answer === true ? 'allow' : answer === false ? 'deny' : answer;
  };
  return {
    name: 'scripted',
    async confirm(title, text) {
      record({ kind: 'confirm', title, text });
      return answerFor(text) === 'allow';
    },
    async consent(title, text) {
      record({ kind: 'consent', title, text });
      return answerFor(text);
    },
    async openFiles(options) {
      record({ kind: 'open-files', ...options });
      return script().open_files ?? [];
    },
    async openFolders(options) {
      record({ kind: 'open-folders', ...options });
      return script().open_folders ?? [];
    },
    async saveFile(options) {
      record({ kind: 'save-file', ...options });
      return script().save_file ?? undefined;
    },
    async open(target) {
      record({ kind: 'open', target });
    },
  };
}

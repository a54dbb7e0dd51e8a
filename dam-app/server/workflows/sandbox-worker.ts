/**
 * The worker thread's program (R-WORKFLOW-SANDBOX), run with `eval: true` so it needs no file of its own beside the
 * bundle. It loads QuickJS (quickjs-emscripten, a WebAssembly build: the script has no Node API, no `require`, no
 * network, no file), sets the memory limit, the stack limit and an interrupt at the deadline, runs the prelude and
 * the script, and posts back what the script asked for, or why it was stopped.
 */
export const SANDBOX_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const quickjs = require(workerData.quickjsPath);

function failure(context, handle) {
  const dumped = context.dump(handle);
  handle.dispose();
  const message = dumped && typeof dumped === 'object' ? String(dumped.message ?? dumped.name ?? '') : String(dumped);
  const name = dumped && typeof dumped === 'object' ? String(dumped.name ?? '') : '';
  if (name === 'InternalError' && message === 'interrupted') return { kind: 'timeout', message };
  if (message === 'out of memory' || /stack overflow/.test(message)) return { kind: 'memory', message };
  return { kind: 'error', message: (name && name !== 'Error' ? name + ': ' : '') + message };
}

quickjs.getQuickJS().then((engine) => {
  const runtime = engine.newRuntime();
  runtime.setMemoryLimit(workerData.memoryMb * 1024 * 1024);
  runtime.setMaxStackSize(512 * 1024);
  const deadline = Date.now() + workerData.timeoutMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const context = runtime.newContext();
  const input = context.newString(JSON.stringify({ asset: workerData.asset, params: workerData.parameters, user: workerData.user ?? null }));
  context.setProp(context.global, '__input', input);
  input.dispose();
  const prelude = context.evalCode(workerData.prelude, 'prelude.js');
  if (prelude.error) {
    parentPort.postMessage({ collected: null, stopped: failure(context, prelude.error) });
    return;
  }
  prelude.value.dispose();
  const wrapped = '(function (asset, dam, log, params) { "use strict";\\n' + workerData.script + '\\n})(asset, dam, log, params);';
  const result = context.evalCode(wrapped, 'workflow.js');
  let stopped = null;
  if (result.error) stopped = failure(context, result.error);
  else result.value.dispose();
  // What the script recorded before it ended or was stopped, read with a little time of its own.
  const readBy = Date.now() + 500;
  runtime.setMemoryLimit((workerData.memoryMb + 4) * 1024 * 1024);
  runtime.setInterruptHandler(() => Date.now() > readBy);
  let collected = null;
  const read = context.evalCode('__collect()', 'collect.js');
  if (read.error) read.error.dispose();
  else {
    collected = context.getString(read.value);
    read.value.dispose();
  }
  parentPort.postMessage({ collected, stopped });
});
`;

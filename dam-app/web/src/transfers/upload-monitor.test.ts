import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { MemoryStorage } from './memory-storage.ts';
import type { NodeAnswer, NodeReader, NodeTransfer } from './node-reader.ts';
import { ProgressStore } from './progress-record.ts';
import { MONITOR_TIMING, type MonitorOutcome, type UploadActions, UploadMonitor } from './upload-monitor.ts';

const COOKIE = 'ada,2026-01-01T00:00:00Z,2,Library,Library';

/** A node whose answers the test sets; it counts how many reads are in flight at once. */
class ScriptedNode implements NodeReader {
  summaryAnswer: NodeAnswer<NodeTransfer[]> = { kind: 'ok', data: [] };
  transferAnswer: NodeAnswer<NodeTransfer> = { kind: 'garbage' };
  inFlight = 0;
  maxInFlight = 0;
  reads = 0;
  async summary() {
    return this.summaryAnswer;
  }
  async transfer() {
    this.reads++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    this.inFlight--;
    return this.transferAnswer;
  }
}

function record(status: string, files: [string, string][], extra: Partial<NodeTransfer> = {}): NodeTransfer {
  return {
    id: 't1',
    status,
    error_code: 0,
    files: files.map(([path, fileStatus]) => ({ path, status: fileStatus })),
    start_spec: { cookie: COOKIE },
    ...extra,
  };
}

let node: ScriptedNode;
let store: ProgressStore;
let calls: string[];
let ended: MonitorOutcome[];
let logs: string[];
let monitor: UploadMonitor;

const actions: UploadActions = {
  sessionStart: async (cookie, path) => calls.push(`start ${cookie === COOKIE} ${path}`),
  fileFinish: async (_cookie, paths) => calls.push(`file ${paths.join('+')}`),
  sessionFinish: async (_cookie, path) => calls.push(`finish ${path}`),
  errorUpload: async (id, message, code) => calls.push(`error ${id} ${message} ${code}`),
  cancelledUpload: async (id, filename) => calls.push(`cancelled ${id} ${filename}`),
};

beforeEach(() => {
  vi.useFakeTimers();
  node = new ScriptedNode();
  store = new ProgressStore(new MemoryStorage());
  store.update(COOKIE, (entry) => entry, { nodeUrl: 'https://node', fileCount: 2, processed: [] });
  calls = [];
  ended = [];
  logs = [];
  monitor = new UploadMonitor(COOKIE, '/Library', node, actions, store, {
    onEnd: (_cookie, outcome) => ended.push(outcome),
    log: (message) => logs.push(message),
  });
});
afterEach(() => {
  monitor.stop();
  vi.useRealTimers();
});

describe('the upload monitor (R-UPLOAD-FIND, R-UPLOAD-SESSION-START, R-UPLOAD-FILE-FINISH, R-UPLOAD-SESSION-FINISH, R-UPLOAD-ERROR, R-UPLOAD-CANCELLED, R-UPLOAD-RESUME)', () => {
  it('waits a second, retries the summary each second until the cookie shows, and starts the session once', async () => {
    monitor.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual([]);
    node.summaryAnswer = {
      kind: 'ok',
      data: [{ ...record('running', []), start_spec: { cookie: 'other' } }],
    };
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    node.summaryAnswer = { kind: 'ok', data: [record('running', [])] };
    node.transferAnswer = { kind: 'ok', data: record('running', [['/Library/a.jpg', 'running']]) };
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['start true /Library']);
    expect(store.entry(COOKIE)?.transferId).toBe('t1');
  });

  it('reports each completed file once, never polls twice at once, and finishes when all is done', async () => {
    node.summaryAnswer = { kind: 'ok', data: [record('running', [])] };
    node.transferAnswer = { kind: 'ok', data: record('running', [['/Library/a.jpg', 'completed']]) };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(['start true /Library', 'file /Library/a.jpg']);
    expect(node.maxInFlight).toBe(1);
    node.transferAnswer = {
      kind: 'ok',
      data: record('completed', [
        ['/Library/a.jpg', 'completed'],
        ['/Library/b.jpg', 'completed'],
      ]),
    };
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([
      'start true /Library',
      'file /Library/a.jpg',
      'file /Library/b.jpg',
      'finish /Library',
    ]);
    expect(ended).toEqual(['completed']);
    expect(store.read().completed).toEqual([COOKIE]);
    expect(store.resumable()).toEqual([]);
  });

  it('resumes after a reload from the record: processed files are not reported again', async () => {
    store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1', processed: ['/Library/a.jpg'] }));
    node.transferAnswer = {
      kind: 'ok',
      data: record('completed', [
        ['/Library/a.jpg', 'completed'],
        ['/Library/b.jpg', 'completed'],
      ]),
    };
    expect(store.resumable().map(([cookie]) => cookie)).toEqual([COOKIE]);
    monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(['file /Library/b.jpg', 'finish /Library']);
  });

  it('sends error_upload with the client-window message when the error code is not 0', async () => {
    store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1' }));
    node.transferAnswer = {
      kind: 'ok',
      data: record('failed', [], { error_code: 19, error_desc: 'disk full' }),
    };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([`error t1 ${TRANSFER_MESSAGES.seeClientWindow} 19`]);
    expect(ended).toEqual(['failed']);
    expect(store.resumable()).toEqual([]);
  });

  it('sends cancelled_upload with the id and the file name; a paused upload is not cancelled', async () => {
    store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1', paused: true }));
    // The node spells it "canceled", with error code 28.
    const canceled = record('canceled', [['/Library/a.jpg', 'running']], { error_code: 28 });
    node.summaryAnswer = { kind: 'ok', data: [canceled] };
    node.transferAnswer = { kind: 'ok', data: canceled };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([]);
    store.update(COOKIE, (entry) => ({ ...entry, paused: false }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(['cancelled t1 /Library/a.jpg']);
    expect(ended).toEqual(['cancelled']);
  });

  it('stops on a node 401 or 404 with the spec’s log line, and keeps polling past garbage', async () => {
    store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1' }));
    node.transferAnswer = { kind: 'garbage' };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(6000);
    expect(logs[0]).toBe(TRANSFER_MESSAGES.nodeDataMissing);
    const reads = node.reads;
    await vi.advanceTimersByTimeAsync(6000);
    expect(node.reads).toBeGreaterThan(reads);
    node.transferAnswer = { kind: 'unauthorized' };
    await vi.advanceTimersByTimeAsync(6000);
    expect(logs.at(-1)).toBe(TRANSFER_MESSAGES.nodeUnauthorized);
    expect(ended).toEqual(['unauthorized']);
    const after = node.reads;
    await vi.advanceTimersByTimeAsync(6000);
    expect(node.reads).toBe(after);
  });

  it.each(['waiting', 'running'])(
    'stops at an error code other than 0 while the node still says %s, with error_upload and the node’s code',
    async (status) => {
      store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1' }));
      node.transferAnswer = {
        kind: 'ok',
        data: record(status, [['/Library/a.jpg', 'running']], { error_code: 15, error_desc: 'lost' }),
      };
      monitor.start(0);
      await vi.advanceTimersByTimeAsync(6000);
      expect(calls).toEqual([`error t1 ${TRANSFER_MESSAGES.seeClientWindow} 15`]);
      expect(ended).toEqual(['failed']);
      expect(store.resumable()).toEqual([]);
      const reads = node.reads;
      await vi.advanceTimersByTimeAsync(6000);
      expect(node.reads).toBe(reads);
    },
  );

  it('sends cancelled_upload at once when the person cancels here, and polls no more', async () => {
    store.update(COOKIE, (entry) => ({ ...entry, transferId: 't1' }));
    node.transferAnswer = { kind: 'ok', data: record('running', [['/Library/a.jpg', 'running']]) };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(3000);
    await monitor.cancel('a.jpg');
    expect(calls).toEqual(['cancelled t1 a.jpg']);
    expect(ended).toEqual(['cancelled']);
    expect(store.resumable()).toEqual([]);
    const reads = node.reads;
    await vi.advanceTimersByTimeAsync(6000);
    expect(node.reads).toBeLessThanOrEqual(reads + 1);
  });

  it('stops on a 404 of the summary', async () => {
    node.summaryAnswer = { kind: 'not-found' };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(logs).toEqual([TRANSFER_MESSAGES.nodeNotFound]);
    expect(ended).toEqual(['not-found']);
  });

  it('retries a failing step with growing pauses, then gives up: ends with an error and records it', async () => {
    let summaries = 0;
    const times: number[] = [];
    node.summary = async () => {
      summaries++;
      times.push(Date.now());
      throw new Error('network down');
    };
    const began = Date.now();
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(summaries).toBe(MONITOR_TIMING.maxStepAttempts);
    const pauses = times.slice(1).map((time, index) => time - (times[index] ?? began));
    expect(pauses[0]).toBe(MONITOR_TIMING.retryDelayMs);
    for (let index = 1; index < pauses.length; index++)
      expect(pauses[index]).toBeGreaterThanOrEqual(pauses[index - 1] ?? 0);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(MONITOR_TIMING.maxRetryDelayMs);
    expect(pauses.at(-1)).toBeGreaterThan(MONITOR_TIMING.retryDelayMs);
    expect(ended).toEqual(['error']);
    expect(store.entry(COOKIE)?.error).toBe('network down');
    expect(store.resumable()).toEqual([]);
    expect(logs.filter((line) => line === 'network down')).toHaveLength(MONITOR_TIMING.maxStepAttempts);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(summaries).toBe(MONITOR_TIMING.maxStepAttempts);
  });

  it('counts the attempts of a step afresh after a step succeeds', async () => {
    let failures = 0;
    node.summary = async () => {
      if (failures++ < MONITOR_TIMING.maxStepAttempts - 1) throw new Error('flaky');
      return { kind: 'ok', data: [record('running', [])] };
    };
    store.update(COOKIE, (entry) => entry);
    let polls = 0;
    node.transfer = async () => {
      polls++;
      if (polls <= MONITOR_TIMING.maxStepAttempts - 1) throw new Error('flaky poll');
      return { kind: 'ok', data: record('completed', [['/Library/a.jpg', 'completed']]) };
    };
    monitor.start(0);
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(ended).toEqual(['completed']);
  });
});

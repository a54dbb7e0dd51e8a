/**
 * The drain thread's program, as source (it keeps working when the client or the node is bundled into one file, as
 * the file thread's). It reads sockets and does nothing else: a stall of the event loop (a collection, a busy core)
 * no longer leaves datagrams in a kernel buffer of a few MiB that overflows in tens of milliseconds at gigabit rates.
 * One thread serves every socket of the process. A socket is either its own (`open`: a client's receiving socket,
 * created and bound here) or adopted (`adopt`: a socket the event loop bound and sends on, such as the node's router
 * socket, read only here). With the addon, sockets with UDP GRO and adopted ones are waited for in the addon (poll)
 * and drained with recvmmsg; the data packets of the sessions whose keys the event loop gave are opened in place here.
 */
export const DRAIN_THREAD_PROGRAM = `
const { parentPort } = require('node:worker_threads');
const dgram = require('node:dgram');
const sockets = new Map();
function flush(entry) {
  const batch = entry.batch;
  if (!batch) return;
  entry.batch = undefined;
  const { buffer, used, lengths, opened, probes } = batch;
  // A batch buffer mostly empty is cut to size (a copy), so the event loop never holds much more than was received.
  const data = used > buffer.length / 2 ? buffer.buffer : buffer.buffer.slice(0, used);
  parentPort.postMessage({ t: 'data', id: entry.id, data, lengths, opened, probes }, [data]);
}
// With the datagram addon, each wake-up of a socket drains it with recvmmsg (a batch per system call, into one reused
// buffer) after the datagram libuv read; without it, libuv reads one datagram per system call.
const addons = new Map();
function addonOf(file) {
  if (!file) return undefined;
  if (!addons.has(file)) {
    try {
      addons.set(file, require(file));
    } catch {
      addons.set(file, undefined);
    }
  }
  return addons.get(file);
}
const SLOT = 65536;
const SLOTS = 128;
let scratch;
const lengths = new Int32Array(SLOTS);
const segments = new Int32Array(SLOTS);
const sources = new Uint8Array(6 * SLOTS);
function fdOf(socket) {
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const fd = socket[symbol]?.handle?.fd;
    if (typeof fd === 'number' && fd >= 0) return fd;
  }
  return undefined;
}
function drain(entry) {
  const fd = entry.fd ?? (entry.fd = fdOf(entry.socket));
  if (fd === undefined) return;
  scratch ??= Buffer.allocUnsafeSlow(SLOT * SLOTS);
  for (;;) {
    const count = entry.addon.recvBatch(
      fd,
      scratch,
      SLOT,
      lengths,
      entry.adopted ? sources : undefined,
      entry.gro ? segments : undefined,
    );
    for (let i = 0; i < count; i++) {
      const length = lengths[i];
      if (length < 0) continue;
      const at = i * SLOT;
      const size = entry.gro ? segments[i] : 0;
      if (size > 0 && length > size) {
        // A coalesced run (UDP GRO): cut back into the datagrams that were sent.
        Atomics.add(entry.counts, 5, 1);
        for (let from = 0; from < length; from += size) {
          Atomics.add(entry.counts, 2, 1);
          take(entry, scratch.subarray(at + from, at + Math.min(length, from + size)), i);
        }
      } else {
        Atomics.add(entry.counts, 2, 1);
        take(entry, scratch.subarray(at, at + length), i);
      }
    }
    if (count < SLOTS || !sockets.has(entry.id)) return;
  }
}
// Polled sockets (with UDP GRO, or adopted) are not read by libuv here (it would take a coalesced run for one
// datagram): this loop waits for them in the addon (poll, on this thread) and drains them; between waits the thread's
// messages are served.
let polling = false;
function poll() {
  const fds = [];
  let waiter;
  for (const entry of sockets.values()) {
    if (!entry.polled || fds.length >= 256) continue;
    fds.push(entry.fd);
    waiter ??= entry.addon;
  }
  if (!waiter) {
    polling = false;
    return;
  }
  waiter.waitReadable(Int32Array.from(fds), 5);
  for (const entry of sockets.values()) if (entry.polled) drain(entry);
  setImmediate(poll);
}
function startPolling(entry) {
  entry.polled = true;
  if (!polling) {
    polling = true;
    setImmediate(poll);
  }
}
function handleOf(socket) {
  for (const symbol of Object.getOwnPropertySymbols(socket)) {
    const handle = socket[symbol]?.handle;
    if (handle && typeof handle.recvStop === 'function') return handle;
  }
  return undefined;
}
// With the addon and unless RAPID_UDP_GRO=off: the kernel hands over runs of datagrams coalesced, libuv stops reading
// the socket and the poll loop above drains it.
function startGro(entry) {
  const fd = fdOf(entry.socket);
  const handle = handleOf(entry.socket);
  if (fd === undefined || !handle || typeof entry.addon.groOn !== 'function' || !entry.addon.groOn(fd)) return;
  handle.recvStop();
  entry.fd = fd;
  entry.gro = true;
  startPolling(entry);
}
function take(entry, packet, slot) {
  if (Atomics.load(entry.counts, 0) + packet.length > entry.pipeBytes) {
    Atomics.add(entry.counts, 1, 1);
    return;
  }
  if (entry.batch && entry.batch.used + packet.length > entry.batch.buffer.length) flush(entry);
  if (!entry.batch) {
    entry.batch = {
      buffer: Buffer.allocUnsafeSlow(Math.max(entry.batchBytes, packet.length)),
      used: 0,
      lengths: [],
      opened: [],
      probes: undefined,
    };
    setImmediate(() => flush(entry));
  }
  const copy = entry.batch.buffer.subarray(entry.batch.used, entry.batch.used + packet.length);
  packet.copy(copy);
  const opened = entry.sessions.size > 0 ? openData(entry, copy) : 0;
  // Forged or corrupted: dropped here, as the event loop would have after its own open.
  if (opened < 0) return;
  // An adopted socket's probes carry their sender (a probe tells the node where its client is): [index, address, port].
  if (entry.adopted && packet[2] === 2 && slot !== undefined) {
    const at = 6 * slot;
    const address = sources[at] + '.' + sources[at + 1] + '.' + sources[at + 2] + '.' + sources[at + 3];
    (entry.batch.probes ??= []).push([entry.batch.lengths.length, address, (sources[at + 4] << 8) | sources[at + 5]]);
  }
  entry.batch.used += packet.length;
  entry.batch.lengths.push(packet.length);
  entry.batch.opened.push(opened);
  Atomics.add(entry.counts, 0, packet.length);
}
// The data packets of a session whose key the event loop gave are opened here, in place (AES-GCM in the addon, keyed
// once): 1 opened, -1 failed its tag (dropped), 0 not a known session's encrypted data (handed over as it came, for
// the event loop to judge). The layout is transfer/src/wire/packet.ts's: magic, version, type, flags, session id, then
// the sequence number the nonce carries after the salt (8 bytes in version 1, 6 in version 2).
function openData(entry, packet) {
  if (packet.length < 44 || packet[0] !== 0x52 || packet[2] !== 1 || (packet[3] & 2) === 0) return 0;
  const session = entry.sessions.get(packet.readUInt32BE(4));
  if (!session) return 0;
  const version = packet[1];
  let start;
  let body;
  if (version === 1) {
    start = 36;
    body = packet.readUInt32BE(32);
    if (36 + body + 16 !== packet.length) return 0;
    packet.copy(session.nonce, 4, 8, 16);
  } else if (version === 2) {
    start = 28;
    body = packet.length - 28 - 16;
    session.nonce[4] = 0;
    session.nonce[5] = 0;
    packet.copy(session.nonce, 6, 8, 14);
  } else return 0;
  if (!entry.addon.gcmOpen(session.handle, session.nonce, packet, start, body)) {
    Atomics.add(entry.counts, 4, 1);
    return -1;
  }
  Atomics.add(entry.counts, 3, 1);
  return 1;
}
// counts[0]: bytes handed over and not yet taken by the event loop; counts[1]: datagrams dropped for want of room;
// counts[2]: datagrams read in recvmmsg batches; counts[3]: data packets opened here; counts[4]: ones that failed;
// counts[5]: coalesced runs (UDP GRO) received.
function entryOf({ id, pipeBytes, batchBytes, shared, addon }) {
  return {
    id,
    socket: undefined,
    batch: undefined,
    counts: new Int32Array(shared),
    pipeBytes,
    batchBytes,
    fd: undefined,
    addon: addonOf(addon),
    sessions: new Map(),
    polled: false,
    gro: false,
    adopted: false,
  };
}
function open(message) {
  const entry = entryOf(message);
  const socket = dgram.createSocket(message.family === 6 ? 'udp6' : 'udp4');
  entry.socket = socket;
  sockets.set(entry.id, entry);
  socket.on('error', () => {});
  socket.on('message', (packet) => {
    take(entry, packet);
    if (entry.addon) drain(entry);
  });
  socket.bind(0, () => {
    for (const size of [32, 16, 8, 4, 2]) {
      try {
        socket.setRecvBufferSize(size * 1024 * 1024);
        socket.setSendBufferSize(size * 1024 * 1024);
        break;
      } catch {}
    }
    if (entry.addon && message.gro) startGro(entry);
    parentPort.postMessage({ t: 'listening', id: entry.id, address: socket.address(), recvBuffer: socket.getRecvBufferSize() });
  });
}
// A socket the event loop bound (and stopped reading): read here only, by its descriptor, in the poll loop.
function adopt(message) {
  const entry = entryOf(message);
  if (!entry.addon || typeof entry.addon.waitReadable !== 'function') {
    parentPort.postMessage({ t: 'adopted', id: entry.id, ok: false, gro: false });
    return;
  }
  entry.fd = message.fd;
  entry.adopted = true;
  entry.gro = message.gro && typeof entry.addon.groOn === 'function' && entry.addon.groOn(message.fd);
  sockets.set(entry.id, entry);
  startPolling(entry);
  parentPort.postMessage({ t: 'adopted', id: entry.id, ok: true, gro: entry.gro });
}
parentPort.on('message', (message) => {
  if (message.t === 'open') return open(message);
  if (message.t === 'adopt') return adopt(message);
  const entry = sockets.get(message.id);
  if (!entry) {
    // Released already (or never adopted): the event loop may close the descriptor.
    if (message.t === 'close') parentPort.postMessage({ t: 'released', id: message.id });
    return;
  }
  switch (message.t) {
    case 'send':
      try {
        if (message.port === undefined) entry.socket.send(message.packet);
        else entry.socket.send(message.packet, message.port, message.address);
      } catch {}
      return;
    case 'connect':
      entry.socket.connect(message.port, message.address, () => parentPort.postMessage({ t: 'connect', id: message.id }));
      return;
    case 'session': {
      if (!entry.addon) return;
      // Sealed by the node (a download): the nonce's top bit set after the salt; by the client (an upload): clear
      // (packet-codec.ts).
      const nonce = Buffer.alloc(12);
      Buffer.from(message.salt).copy(nonce, 0);
      if (message.sealedBy === 'node') nonce[0] |= 0x80;
      else nonce[0] &= 0x7f;
      entry.sessions.set(message.sessionId, { handle: entry.addon.gcmNew(Buffer.from(message.key)), nonce });
      return;
    }
    case 'unsession':
      entry.sessions.delete(message.sessionId);
      return;
    case 'close':
      sockets.delete(message.id);
      entry.batch = undefined;
      // An adopted descriptor is the event loop's to close, once this thread no longer reads it.
      if (entry.adopted) parentPort.postMessage({ t: 'released', id: message.id });
      else try { entry.socket.close(); } catch {}
      return;
  }
});
`;

import { socketDropCounter, socketQueuedBytes } from '../receiver/socket-stats.ts';
import type { ReceiverOptions } from '../session/receiver.ts';
import { ThreadSocket } from './thread-socket.ts';
import type { UdpSocket } from './udp-probe.ts';

/**
 * What a receiver reports of its socket: the kernel's buffer, backlog and drops, and for a socket drained on its own
 * thread also what that thread holds for the event loop and what it dropped when the event loop fell that far behind.
 */
export function receivingSocketStats(
  socket: UdpSocket,
): Required<Pick<ReceiverOptions, 'socketDrops' | 'socketQueuedBytes' | 'socketBufferBytes'>> {
  const port = socket.address().port;
  const kernelDrops = socketDropCounter(port);
  const kernelQueued = socketQueuedBytes(port);
  if (!(socket instanceof ThreadSocket))
    return {
      socketDrops: kernelDrops,
      socketQueuedBytes: kernelQueued,
      socketBufferBytes: socket.getRecvBufferSize(),
    };
  let pipeDrops = socket.pipeDrops;
  return {
    socketDrops: () => {
      const total = socket.pipeDrops;
      const fresh = total - pipeDrops;
      pipeDrops = total;
      return kernelDrops() + fresh;
    },
    socketQueuedBytes: () => kernelQueued() + socket.pipeQueuedBytes,
    // The sender paces its bursts to this (a quarter of it per turn); a burst lands in the kernel's buffer whole
    // before the thread moves any of it to its own room, so that room is not counted here.
    socketBufferBytes: socket.kernelRecvBufferBytes,
  };
}

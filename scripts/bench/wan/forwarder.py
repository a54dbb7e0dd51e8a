#!/usr/bin/env python3
"""User-space WAN emulator (the kernel here has no netem): forwards IP packets between two TUN devices, adding a
one-way delay, random loss and a rate limit with a bounded queue. Written in Python because attaching to a TUN
device needs the TUNSETIFF ioctl, which Node cannot issue.

usage: forwarder.py TUN_A TUN_B DELAY_MS LOSS_PERCENT RATE_MBIT QUEUE_MS
"""
import fcntl
import heapq
import os
import random
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000


def open_tun(name):
    fd = os.open('/dev/net/tun', os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack('16sH', name.encode(), IFF_TUN | IFF_NO_PI))
    os.set_blocking(fd, False)
    return fd


def main():
    name_a, name_b, delay_ms, loss, rate_mbit, queue_ms = sys.argv[1:7]
    delay = float(delay_ms) / 1000
    loss = float(loss) / 100
    bytes_per_s = float(rate_mbit) * 1e6 / 8
    max_queue = float(queue_ms) / 1000
    fds = {open_tun(name_a): None, open_tun(name_b): None}
    a, b = list(fds)
    peer = {a: b, b: a}
    # Per direction: when the emulated link is next free (serialisation at the rate limit).
    link_free = {a: 0.0, b: 0.0}
    pending = []  # heap of (deliver_at, seq, fd, packet)
    seq = 0
    stats = {'in': 0, 'lost': 0, 'queue_drop': 0}
    print('ready', flush=True)
    while True:
        timeout = max(0.0, pending[0][0] - time.monotonic()) if pending else 1.0
        readable, _, _ = select.select([a, b], [], [], timeout)
        now = time.monotonic()
        for fd in readable:
            for _ in range(256):
                try:
                    packet = os.read(fd, 65535)
                except BlockingIOError:
                    break
                stats['in'] += 1
                if random.random() < loss:
                    stats['lost'] += 1
                    continue
                start = max(now, link_free[fd])
                if start - now > max_queue:
                    stats['queue_drop'] += 1
                    continue
                link_free[fd] = start + len(packet) / bytes_per_s
                seq += 1
                heapq.heappush(pending, (link_free[fd] + delay, seq, peer[fd], packet))
        now = time.monotonic()
        while pending and pending[0][0] <= now:
            _, _, fd, packet = heapq.heappop(pending)
            try:
                os.write(fd, packet)
            except BlockingIOError:
                pass


if __name__ == '__main__':
    main()

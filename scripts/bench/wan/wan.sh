#!/bin/sh
# Two network namespaces joined through TUN devices by the user-space forwarder (forwarder.py):
#   rapid-wan-a (10.99.0.1) <-> forwarder (delay, loss, rate) <-> rapid-wan-b (10.99.0.2)
# usage: wan.sh up DELAY_MS_ONE_WAY LOSS_PERCENT RATE_MBIT [QUEUE_MS] | wan.sh down
set -e
here=$(dirname "$0")
case "$1" in
up)
  ip netns add rapid-wan-a
  ip netns add rapid-wan-b
  # The forwarder creates both TUN devices in this namespace and keeps them open; moving a device to another
  # namespace keeps the forwarder's file descriptor attached.
  python3 "$here/forwarder.py" rwtuna rwtunb "$2" "$3" "$4" "${5:-200}" > /tmp/rapid-wan-forwarder.log 2>&1 &
  echo $! > /tmp/rapid-wan-forwarder.pid
  for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q ready /tmp/rapid-wan-forwarder.log 2>/dev/null && break; sleep 0.2; done
  ip link set rwtuna netns rapid-wan-a
  ip link set rwtunb netns rapid-wan-b
  ip netns exec rapid-wan-a sh -c 'ip addr add 10.99.0.1 peer 10.99.0.2 dev rwtuna && ip link set rwtuna mtu 1500 up && ip link set lo up'
  ip netns exec rapid-wan-b sh -c 'ip addr add 10.99.0.2 peer 10.99.0.1 dev rwtunb && ip link set rwtunb mtu 1500 up && ip link set lo up'
  # CUBIC for the TCP baseline, as the issue asks; `down` restores the host's allowed list.
  cat /proc/sys/net/ipv4/tcp_allowed_congestion_control > /tmp/rapid-wan-allowed-cc
  sysctl -qw net.ipv4.tcp_allowed_congestion_control="reno bbr cubic"
  for ns in rapid-wan-a rapid-wan-b; do
    ip netns exec $ns sysctl -qw net.ipv4.tcp_congestion_control=cubic
    ip netns exec $ns sysctl -qw net.core.rmem_max=8388608 net.core.wmem_max=8388608 2>/dev/null || true
  done
  ;;
down)
  if [ -f /tmp/rapid-wan-forwarder.pid ]; then kill "$(cat /tmp/rapid-wan-forwarder.pid)" 2>/dev/null || true; rm -f /tmp/rapid-wan-forwarder.pid; fi
  ip netns del rapid-wan-a 2>/dev/null || true
  ip netns del rapid-wan-b 2>/dev/null || true
  if [ -f /tmp/rapid-wan-allowed-cc ]; then sysctl -qw net.ipv4.tcp_allowed_congestion_control="$(cat /tmp/rapid-wan-allowed-cc)"; rm -f /tmp/rapid-wan-allowed-cc; fi
  ;;
esac

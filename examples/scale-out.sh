#!/usr/bin/env bash
# Scale-out example: nats-server with TLS and a user per role (examples/scale-out/nats-server.conf),
# two replicas of calc, one of relay (which calls calc over NATS) and a main server whose calc and
# relay run on NATS.
# Run it with `npm run example:scale-out` (which builds first). Ctrl-C stops everything.
# Environment: NATS_PORT (default 4222), PORT (default 8082), and the passwords of the NATS users
# (PORTICO_MAIN_PASSWORD, PORTICO_REPLICA_PASSWORD, PORTICO_RELAY_PASSWORD, PORTICO_OTHER_PASSWORD;
# random by default).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in nats-server openssl; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "$tool is not on PATH; on Debian or Ubuntu: sudo apt-get install $tool" >&2
    exit 1
  fi
done
if [ ! -f dist/examples/scale-out/main.js ]; then
  echo "dist/ is missing: run npm run build first (npm run example:scale-out does)" >&2
  exit 1
fi

# Certificates in a temporary directory, passwords, and the NATS_* variables of every process.
source examples/scale-out/secure-env.sh
export PORT="${PORT:-8082}"
pids=()
# Each process runs in a session of its own, so that Ctrl-C reaches only this script, which then
# stops the main server and the replicas (they finish their calls) before nats-server.
stop_all() {
  trap - EXIT INT TERM
  if [ ${#pids[@]} -gt 1 ]; then
    kill -TERM "${pids[@]:1}" 2>/dev/null || true
    wait "${pids[@]:1}" 2>/dev/null || true
  fi
  if [ ${#pids[@]} -gt 0 ]; then kill -TERM "${pids[0]}" 2>/dev/null || true; fi
  wait
  rm -rf "$PORTICO_CERTS"
}
trap stop_all EXIT
trap 'exit 0' INT TERM

setsid nats-server -c examples/scale-out/nats-server.conf &
pids+=($!)
# Replicas and the main server keep trying to connect for 10 s, so nats-server may still be starting.
for replica in 1 2; do
  NATS_USER=portico-replica NATS_PASSWORD="$PORTICO_REPLICA_PASSWORD" \
    setsid node bin/portico.js microservice dist/examples/calc/index.js &
  pids+=($!)
done
NATS_USER=portico-relay NATS_PASSWORD="$PORTICO_RELAY_PASSWORD" NATS_INBOX_PREFIX=_INBOX_portico_relay \
  setsid node bin/portico.js microservice dist/examples/relay/index.js &
pids+=($!)
NATS_USER=portico-main NATS_PASSWORD="$PORTICO_MAIN_PASSWORD" NATS_INBOX_PREFIX=_INBOX_portico \
  setsid node bin/portico.js start dist/examples/scale-out/main.js &
pids+=($!)

cat >&2 <<INFO
nats-server: pid ${pids[0]} on $NATS_URL (TLS, CA $NATS_CA)
calc replicas: pids ${pids[1]} and ${pids[2]}
relay replica: pid ${pids[3]}
main server: pid ${pids[4]} on http://localhost:$PORT
Try:  curl -s -X POST localhost:$PORT/calc/calculator/add -H 'Content-Type: application/json' -d '{"a":2,"b":3}'
      curl -s -X POST localhost:$PORT/relay/relay/square -H 'Content-Type: application/json' -d '7'
Faults: kill -9 ${pids[1]} (the other replica serves), kill ${pids[2]} (drains; then calc answers 503).
Ctrl-C stops everything.
INFO
wait

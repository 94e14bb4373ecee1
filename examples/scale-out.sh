#!/usr/bin/env bash
# Scale-out example: nats-server, two replicas of calc, one of relay (which calls calc over NATS)
# and a main server whose calc and relay run on NATS.
# Run it with `npm run example:scale-out` (which builds first). Ctrl-C stops everything.
# Environment: NATS_PORT (default 4222) and PORT (default 8082).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nats-server >/dev/null 2>&1; then
  echo "nats-server is not on PATH; on Debian or Ubuntu: sudo apt-get install nats-server" >&2
  exit 1
fi
if [ ! -f dist/examples/scale-out/main.js ]; then
  echo "dist/ is missing: run npm run build first (npm run example:scale-out does)" >&2
  exit 1
fi

export NATS_URL="nats://127.0.0.1:${NATS_PORT:-4222}"
export PORT="${PORT:-8082}"
pids=()
# Each process runs in a session of its own, so that Ctrl-C reaches only this script, which then
# stops the main server and the replicas (they finish their calls) before nats-server.
stop_all() {
  trap - EXIT INT TERM
  kill -TERM "${pids[@]:1}" 2>/dev/null || true
  wait "${pids[@]:1}" 2>/dev/null || true
  kill -TERM "${pids[0]}" 2>/dev/null || true
  wait
}
trap stop_all EXIT
trap 'exit 0' INT TERM

setsid nats-server -a 127.0.0.1 -p "${NATS_PORT:-4222}" &
pids+=($!)
# Replicas and the main server keep trying to connect for 10 s, so nats-server may still be starting.
for replica in 1 2; do
  setsid node bin/portico.js microservice dist/examples/calc/index.js --nats "$NATS_URL" &
  pids+=($!)
done
setsid node bin/portico.js microservice dist/examples/relay/index.js --nats "$NATS_URL" &
pids+=($!)
setsid node bin/portico.js start dist/examples/scale-out/main.js &
pids+=($!)

cat >&2 <<INFO
nats-server: pid ${pids[0]} on $NATS_URL
calc replicas: pids ${pids[1]} and ${pids[2]}
relay replica: pid ${pids[3]}
main server: pid ${pids[4]} on http://localhost:$PORT
Try:  curl -s -X POST localhost:$PORT/calc/calculator/add -H 'Content-Type: application/json' -d '{"a":2,"b":3}'
      curl -s -X POST localhost:$PORT/relay/relay/square -H 'Content-Type: application/json' -d '7'
Faults: kill -9 ${pids[1]} (the other replica serves), kill ${pids[2]} (drains; then calc answers 503).
Ctrl-C stops everything.
INFO
wait

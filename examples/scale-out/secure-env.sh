# Source it (`source examples/scale-out/secure-env.sh`) to set up the secured scale-out example
# in this shell: certificates in a new temporary directory ($PORTICO_CERTS), a random password per
# NATS user (unless already set; nats-server reads a variable as a configuration value, so use
# letters and digits, starting with a letter), and the variables nats-server.conf and the clients read.
PORTICO_CERTS="$(mktemp -d)"
bash "$(dirname "${BASH_SOURCE[0]}")/make-certs.sh" "$PORTICO_CERTS"
export PORTICO_CERTS
export NATS_PORT="${NATS_PORT:-4222}"
export NATS_URL="nats://127.0.0.1:$NATS_PORT"
export NATS_SERVER_CERT="$PORTICO_CERTS/server.pem" NATS_SERVER_KEY="$PORTICO_CERTS/server-key.pem"
export NATS_CA="$PORTICO_CERTS/ca.pem"
export PORTICO_MAIN_PASSWORD="${PORTICO_MAIN_PASSWORD:-p$(openssl rand -hex 16)}"
export PORTICO_REPLICA_PASSWORD="${PORTICO_REPLICA_PASSWORD:-p$(openssl rand -hex 16)}"
export PORTICO_RELAY_PASSWORD="${PORTICO_RELAY_PASSWORD:-p$(openssl rand -hex 16)}"
export PORTICO_OTHER_PASSWORD="${PORTICO_OTHER_PASSWORD:-p$(openssl rand -hex 16)}"

#!/usr/bin/env bash
# Makes a throwaway CA, a server certificate for localhost and 127.0.0.1, and a client
# certificate, all signed by the CA, in the directory given (which must exist). Never commit them.
set -euo pipefail
dir="$1"
cd "$dir"
quiet() { local out; out="$("$@" 2>&1)" || { printf '%s\n' "$out" >&2; exit 1; }; }
quiet openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=portico example CA" \
  -keyout ca-key.pem -out ca.pem
sign() {
  local name="$1" subject="$2" extensions="$3"
  quiet openssl req -newkey rsa:2048 -nodes -subj "$subject" -keyout "$name-key.pem" -out "$name.csr"
  printf '%s\n' "$extensions" > "$name.ext"
  quiet openssl x509 -req -in "$name.csr" -CA ca.pem -CAkey ca-key.pem -CAcreateserial -days 2 \
    -extfile "$name.ext" -out "$name.pem"
  rm "$name.csr" "$name.ext"
}
sign server "/CN=localhost" "subjectAltName=DNS:localhost,IP:127.0.0.1"
sign client "/CN=portico client" "extendedKeyUsage=clientAuth"
chmod 600 ./*-key.pem

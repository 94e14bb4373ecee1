#!/usr/bin/env node

const peers = require('../dist/src/swagger/cli/generator-peers');

const missing = peers.missingGeneratorPeers();
if (missing.length > 0) {
  process.stderr.write(`${peers.missingPeersMessage(missing)}\n`);
  process.exitCode = 1;
} else {
  require('../dist/src/swagger/cli/cli')
    .main(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error) => {
      process.stderr.write(`generate-swagger: ${error?.stack ?? error}\n`);
      process.exitCode = 1;
    });
}

#!/usr/bin/env node

// The same command as `portico generate-swagger`.
require('../dist/src/cli/portico')
  .main(['generate-swagger', ...process.argv.slice(2)])
  .then((code) => {
    // Not process.exit: a document written to a pipe must drain first.
    process.exitCode = code;
  })
  .catch((error) => {
    process.stderr.write(`generate-swagger: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });

#!/usr/bin/env node

require('../dist/src/swagger/cli/cli')
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    process.stderr.write(`generate-swagger: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  });

#!/usr/bin/env node

const argv = process.argv.slice(2);
require('../dist/src/cli/portico')
  .main(argv)
  .then((code) => {
    // generate-swagger may have written a document to a pipe, which must drain first.
    if (argv[0] === 'generate-swagger') process.exitCode = code;
    else process.exit(code);
  })
  .catch((error) => {
    process.stderr.write(`portico: ${error?.stack ?? error}\n`);
    process.exit(1);
  });

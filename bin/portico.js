#!/usr/bin/env node

require('../dist/src/cli/portico')
  .main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    process.stderr.write(`portico: ${error?.stack ?? error}\n`);
    process.exit(1);
  });

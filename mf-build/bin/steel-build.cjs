#!/usr/bin/env node
// The package is shipped as TypeScript (one copy, the one the monorepo runs); tsx compiles it on load.
require('tsx/cjs/api').register();
require('../src/cli.ts')
  .main(process.argv.slice(2))
  .then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );

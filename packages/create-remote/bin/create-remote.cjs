#!/usr/bin/env node
// Shipped as TypeScript, as @steel/build is (one copy, the one the monorepo runs); tsx compiles it on load.
require('tsx/cjs/api').register();
try {
  process.exitCode = require('../src/cli.ts').main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

#!/usr/bin/env node
// The `fnord` command: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/fnord.ts');
process.exitCode = await main(process.argv.slice(2), {
	out: (line) => process.stdout.write(`${line}\n`),
	err: (line) => process.stderr.write(`${line}\n`),
});

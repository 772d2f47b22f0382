/**
 * A command's configuration read from the environment: a configuration error is printed and the
 * process exits with code 2 (signal.mjs and serve.mjs refuse to start on a bad value).
 * @template T
 * @param {() => T} read
 * @returns {T}
 */
export function configOrExit(read) {
	try {
		return read();
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error));
		process.exit(2);
	}
}

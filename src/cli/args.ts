/** Command-line flags shared by the fnord subcommands. */

export class UsageError extends Error {}

export function parseFlags(args: readonly string[], booleans: readonly string[]): { flags: Map<string, string>; positional: string[] } {
	const flags = new Map<string, string>();
	const positional: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i]!;
		if (!arg.startsWith('--')) {
			positional.push(arg);
			continue;
		}
		const name = arg.slice(2);
		if (booleans.includes(name)) flags.set(name, 'true');
		else {
			const value = args[++i];
			if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
			flags.set(name, value);
		}
	}
	return { flags, positional };
}

export function wholeNumber(flags: Map<string, string>, name: string, fallback?: number): number {
	const raw = flags.get(name);
	if (raw === undefined) {
		if (fallback === undefined) throw new UsageError(`--${name} is required`);
		return fallback;
	}
	if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
	return Number(raw);
}

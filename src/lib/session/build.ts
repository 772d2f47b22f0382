/**
 * This device's rules build: the first 12 hex digits of SHA-256 over the sources that decide what
 * a log means (src/lib/engine, src/lib/protocol; scripts/lib/rules-build.mjs), set at build time by
 * vite.config.ts. 'dev' where Vite did not run (code run by tsx). Published with presence
 * (GameLink) so that players see a peer running other rules; a hint only, never decided on.
 */
export const RULES_BUILD: string = typeof __FNORD_RULES_BUILD__ === 'string' ? __FNORD_RULES_BUILD__ : 'dev';

/** A peer runs other rules than this device: its presence names another build, or none (a version from before builds were published). */
export function runsOtherBuild(peer: { readonly self: boolean; readonly build?: string }, mine: string = RULES_BUILD): boolean {
	return !peer.self && peer.build !== mine;
}

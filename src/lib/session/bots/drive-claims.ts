/**
 * Who drives a seated bot after a takeover, read from the log alike on every device (docs/protocol.md,
 * "Computer players"; protocol/bot-claim.ts `BotDriveBody`). A device that means to take a bot over
 * does not sign for the bot at once: it posts a `botDrive` claim, signed by its own seat key, naming
 * the bot's current head (`after`). The head starts at the bot's latest entry; the first claim in
 * the replay order that names the head wins, and the head becomes that claim, so a later takeover
 * names it in turn. Two devices that claim at once name the same head: the replay order puts one
 * first on every device that holds both, and only that one drives. Claims by a seat that holds no
 * box of the bot's seed, or naming an older head, change nothing. Once the winner signs an entry for
 * the bot, that entry is the new head, and no claim names it until the next takeover.
 */
import type { Seat } from '../../engine/index.js';
import type { GameReplayer } from '../../protocol/index.js';
import type { BotDriveBody } from '../../protocol/bot-claim.js';

export interface DriveClaim {
	readonly id: string;
	readonly seat: Seat;
	readonly after: string;
}

/** The accepted takeover claims for the bot at `bot` by seats in `holders`, in replay order. */
export function driveClaims(replayer: GameReplayer, bot: Seat, holders: readonly Seat[]): DriveClaim[] {
	const out: DriveClaim[] = [];
	for (const entry of replayer.accepted) {
		if (entry.kind !== 'botDrive') continue;
		const body = (JSON.parse(entry.text) as { body: BotDriveBody }).body;
		if (body.bot === bot && holders.includes(body.seat)) out.push({ id: entry.id, seat: body.seat, after: body.after });
	}
	return out;
}

/** The claim that drives the bot now (null: none since its latest entry), and the head a new claim names. */
export function driveWinner(claims: readonly DriveClaim[], latest: string): { winner: DriveClaim | null; head: string } {
	let head = latest;
	let winner: DriveClaim | null = null;
	for (;;) {
		const next = claims.find((claim) => claim.after === head);
		if (next === undefined) return { winner, head };
		winner = next;
		head = next.id;
	}
}

/**
 * The claim that last won a takeover, whether or not the bot moved on since (its device is the one
 * driving unless another took over by its entries alone); null when no claim ever won. A claim wins
 * its round when it is the first naming its `after` and that names an entry of the bot
 * (`isBotEntry`) or an earlier winning claim.
 */
export function lastDriver(claims: readonly DriveClaim[], isBotEntry: (id: string) => boolean): DriveClaim | null {
	const winners = new Set<string>();
	let last: DriveClaim | null = null;
	claims.forEach((claim, i) => {
		if (claims.findIndex((other) => other.after === claim.after) !== i) return;
		if (!isBotEntry(claim.after) && !winners.has(claim.after)) return;
		winners.add(claim.id);
		last = claim;
	});
	return last;
}

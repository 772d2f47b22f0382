// What signed presence claims cost (net/presence-claim.ts): signing one claim, and listing an
// 8-peer room with every claim new (a verification each) and again (verdicts cached).
// CPU time (process.cpuUsage), so a busy machine changes the figures little. Run:
// node --import tsx bench/presence-claims.ts
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { listPresence, setPresence } from '../src/lib/net/presence.js';
import { signClaim, type ClaimSigner } from '../src/lib/net/presence-claim.js';
import { generateIdentity } from '../src/lib/protocol/index.js';

const GAME = 'G'.repeat(22);
const PEERS = 8;
const ROUNDS = 40;

function cpuMs(run: () => void): number {
	const start = process.cpuUsage();
	run();
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

const signers: ClaimSigner[] = Array.from({ length: PEERS }, (_, i) => ({ game: GAME, identity: generateIdentity(new Uint8Array(32).fill(i + 1)), now: () => 1_700_000_000_000 }));
const peers = signers.map((_, i) => {
	const doc = new Y.Doc();
	doc.clientID = 100 + i;
	return new Awareness(doc);
});
const reader = new Awareness(new Y.Doc());

signClaim(signers[0]!, 1); // warm up
for (let repeat = 0; repeat < 3; repeat++) {
	const sign = cpuMs(() => {
		for (let r = 0; r < ROUNDS; r++) signClaim(signers[0]!, r);
	});
	let fresh = 0;
	let cached = 0;
	for (let r = 0; r < ROUNDS; r++) {
		const at = 1_700_000_000_000 + repeat * 1_000_000 + r * 15_000;
		peers.forEach((peer, i) => {
			setPresence(peer, { name: `P${i}`, seat: signers[i]!.identity.publicKey }, { ...signers[i]!, now: () => at });
			reader.states.set(peer.clientID, peer.getLocalState()!);
		});
		const check = { game: GAME, now: at };
		fresh += cpuMs(() => listPresence(reader, check));
		cached += cpuMs(() => listPresence(reader, check));
	}
	console.log(`repeat ${repeat + 1}: sign ${(sign / ROUNDS).toFixed(2)} ms; list ${PEERS} peers, new claims ${(fresh / ROUNDS).toFixed(2)} ms, cached ${(cached / ROUNDS).toFixed(3)} ms (CPU)`);
}
for (const w of [...peers, reader]) w.destroy();

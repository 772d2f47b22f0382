// Two devices of one game in memory, for the app adapter's tests: a host that created the game
// and a guest that joined it by room code, their documents and presences copied by hand (what a
// transport would carry), and a transport that, like y-webrtc, drops this device's presence when
// it goes offline.
import * as Y from 'yjs';
import { applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates, type Awareness } from 'y-protocols/awareness';
import { defaultNetSettings } from '../../../src/lib/net/settings.js';
import { MemoryDocStore } from '../../../src/lib/session/index.js';
import { Runtime, type GameLink } from '../../../src/lib/session/runtime.js';
import { options, randomBytesFor } from '../../session/helpers.js';
import { FakeTransport, memoryStorage } from './app-fakes.js';

/** Like y-webrtc's provider: disconnecting removes this device's own presence from its awareness. */
export class WebrtcLikeTransport extends FakeTransport {
	override disconnect() {
		removeAwarenessStates(this.awareness, [this.awareness.doc.clientID], 'disconnect');
		super.disconnect();
	}
}

export function device(label: string): Runtime {
	return new Runtime({
		storage: memoryStorage(),
		persistence: new MemoryDocStore(),
		randomBytes: randomBytesFor(label),
		now: () => 1_000,
		net: defaultNetSettings,
		makeTransport: (_session, awareness) => new WebrtcLikeTransport(awareness)
	});
}

/** Copies what `from` has that `to` lacks: the log, as a transport's sync would. */
export function syncDocs(from: GameLink, to: GameLink): void {
	const doc = to.session.game.doc;
	Y.applyUpdate(doc, Y.encodeStateAsUpdate(from.session.game.doc, Y.encodeStateVector(doc)));
}

/** Copies `from`'s own presence to `to`'s awareness (null state: `from` left). */
export function syncPresence(from: Awareness, to: Awareness): void {
	applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [from.clientID]), 'peer');
}

/** `from` is no longer heard: its presence times out at `to`. */
export function dropPresence(from: Awareness, to: Awareness): void {
	removeAwarenessStates(to, [from.clientID], 'timeout');
}

/** A two-player game: the host holds seat 0 (`title`), the guest joined by room code and claimed seat 1. */
export async function hostAndGuest(title: string, guestTitle = 'Game 7KQ2-MXH9') {
	const hostRuntime = device('host');
	const guestRuntime = device('guest');
	const host = await hostRuntime.create(options(2), [0], title);
	const guest = await guestRuntime.join(host.session.roomCode, guestTitle);
	syncDocs(host, guest);
	guest.session.claim(1);
	syncDocs(guest, host);
	return { hostRuntime, guestRuntime, host, guest };
}

// In-memory stand-ins for RTCDataChannel and RTCPeerConnection, for tests of the handshake's
// and the mesh's own logic (errors, expiry, relay rules). Real WebRTC is in scenarios.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function fixture(name: string): string {
	return readFileSync(fileURLToPath(new URL(`./fixtures/${name}.sdp`, import.meta.url)), 'utf8');
}

/** One end of an in-memory channel pair; delivery is asynchronous and ordered. */
export class FakeChannel extends EventTarget {
	readyState: RTCDataChannelState;
	binaryType = 'arraybuffer';
	readonly label: string;
	other: FakeChannel | null = null;

	constructor(label = 'fake', readyState: RTCDataChannelState = 'open') {
		super();
		this.label = label;
		this.readyState = readyState;
	}

	send(data: string | Uint8Array): void {
		if (this.readyState !== 'open') throw new Error('channel not open');
		const other = this.other;
		const payload = typeof data === 'string' ? data : data.slice().buffer;
		setTimeout(() => {
			if (other?.readyState === 'open') other.dispatchEvent(new MessageEvent('message', { data: payload }));
		}, 0);
	}

	open(): void {
		this.readyState = 'open';
		this.dispatchEvent(new Event('open'));
	}

	close(): void {
		if (this.readyState === 'closed') return;
		this.readyState = 'closed';
		this.dispatchEvent(new Event('close'));
		this.other?.close();
	}
}

export function channelPair(label = 'fake'): [FakeChannel, FakeChannel] {
	const a = new FakeChannel(label);
	const b = new FakeChannel(label);
	a.other = b;
	b.other = a;
	return [a, b];
}

/** The far end of a control channel, driven by the test: says things, keeps what it hears. */
export class Endpoint {
	readonly heard: Array<Record<string, unknown>> = [];
	readonly channel: FakeChannel;

	constructor(channel: FakeChannel) {
		this.channel = channel;
		channel.addEventListener('message', (e) => this.heard.push(JSON.parse(String((e as MessageEvent).data))));
	}

	say(message: unknown): void {
		this.channel.send(typeof message === 'string' ? message : JSON.stringify(message));
	}

	hello(id: string, room: string, peers: string[] = []): void {
		this.say({ t: 'hello', v: 1, id, room, peers });
	}

	of(type: string): Array<Record<string, unknown>> {
		return this.heard.filter((m) => m.t === type);
	}
}

export interface FakePcScript {
	/** The description createOffer / createAnswer return. */
	offerSdp?: string;
	answerSdp?: string;
	/** setRemoteDescription throws when the description contains this. */
	refuse?: string;
}

/** A scripted RTCPeerConnection: descriptions from fixtures, states set by the test. */
export class FakePeerConnection extends EventTarget {
	static script: FakePcScript = {};
	static created: FakePeerConnection[] = [];
	iceGatheringState: RTCIceGatheringState = 'complete';
	iceConnectionState: RTCIceConnectionState = 'new';
	connectionState: RTCPeerConnectionState = 'new';
	localDescription: RTCSessionDescriptionInit | null = null;
	remoteDescription: RTCSessionDescriptionInit | null = null;
	readonly channels: FakeChannel[] = [];

	constructor(_configuration?: RTCConfiguration) {
		super();
		FakePeerConnection.created.push(this);
	}

	createDataChannel(label: string): FakeChannel {
		const channel = new FakeChannel(label, 'connecting');
		this.channels.push(channel);
		return channel;
	}

	async createOffer(): Promise<RTCSessionDescriptionInit> {
		return { type: 'offer', sdp: FakePeerConnection.script.offerSdp ?? fixture('wrtc-loopback-offer') };
	}

	async createAnswer(): Promise<RTCSessionDescriptionInit> {
		return { type: 'answer', sdp: FakePeerConnection.script.answerSdp ?? fixture('wrtc-loopback-answer') };
	}

	async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
		this.localDescription = description;
	}

	async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
		const refuse = FakePeerConnection.script.refuse;
		if (refuse && description.sdp?.includes(refuse)) throw new Error('refused');
		this.remoteDescription = description;
	}

	/** Opens every channel, as a successful connection would. */
	connect(): void {
		this.iceConnectionState = 'connected';
		this.connectionState = 'connected';
		for (const channel of this.channels) channel.open();
	}

	setStates(ice: RTCIceConnectionState, connection: RTCPeerConnectionState): void {
		this.iceConnectionState = ice;
		this.connectionState = connection;
		this.dispatchEvent(new Event('iceconnectionstatechange'));
		this.dispatchEvent(new Event('connectionstatechange'));
	}

	close(): void {
		this.connectionState = 'closed';
		for (const channel of this.channels) channel.close();
	}
}

/** The constructor type the handshake expects. */
export const FakePc = FakePeerConnection as unknown as new (configuration?: RTCConfiguration) => RTCPeerConnection;

// Settings: stored and read back, defaults that contact nothing public, and the form's text fields.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNALING } from '../../src/lib/net/settings.js';
import { blockedUrls, cleanName, iceText, NAME_KEY, NET_KEY, parseIceText, parseSignalingText, readAppSettings, writeAppSettings } from '../../src/lib/ui/app/settings.js';

function memoryStorage(entries: Record<string, string> = {}) {
	const map = new Map(Object.entries(entries));
	return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('readAppSettings', () => {
	it.each([
		['nothing stored', null],
		['unreadable JSON', memoryStorage({ [NET_KEY]: '{oops' })],
		['wrong types', memoryStorage({ [NET_KEY]: JSON.stringify({ signaling: 'ws://x', allowPublic: 'yes', iceServers: [{ urls: 5 }] }) })]
	])('%s gives the local defaults', (_name, storage) => {
		expect(readAppSettings(storage)).toEqual({ name: '', net: { signaling: [DEFAULT_SIGNALING], iceServers: [], allowPublic: false } });
	});

	it('reads back what was written (the lab reads the same key)', () => {
		const storage = memoryStorage();
		const settings = { name: 'Alice', net: { signaling: ['wss://signal.example'], iceServers: [{ urls: 'stun:stun.example:3478' }], allowPublic: true } };
		writeAppSettings(storage, settings);
		expect(JSON.parse(storage.map.get(NET_KEY)!)).toEqual(settings.net);
		expect(storage.map.get(NAME_KEY)).toBe('Alice');
		expect(readAppSettings(storage)).toEqual(settings);
	});
});

describe('form fields', () => {
	it.each([
		['  Alice  ', 'Alice'],
		['A\u0000li\nce', 'Alice'],
		['Jean   Paul', 'Jean Paul'],
		['x'.repeat(60), 'x'.repeat(40)]
	])('cleanName(%j) is %j', (input, expected) => {
		expect(cleanName(input)).toBe(expected);
	});

	it('parseSignalingText keeps ws(s) URLs once and reports the rest', () => {
		expect(parseSignalingText('ws://127.0.0.1:4444\n\n wss://a.example \nhttp://b.example\nws://127.0.0.1:4444\nnonsense')).toEqual({
			urls: ['ws://127.0.0.1:4444', 'wss://a.example'],
			invalid: ['http://b.example', 'nonsense']
		});
	});

	it.each([
		['', { ok: true, servers: [] }],
		['stun:stun.example:3478\nturn:turn.example', { ok: true, servers: [{ urls: 'stun:stun.example:3478' }, { urls: 'turn:turn.example' }] }],
		['stun:ok.example\nhttp://no.example', { ok: false, invalid: ['http://no.example'] }],
		['[{"urls":"turn:t.example","username":"u","credential":"c"}]', { ok: true, servers: [{ urls: 'turn:t.example', username: 'u', credential: 'c' }] }],
		['[{"urls":5}]', { ok: false, invalid: ['[{"urls":5}]'] }]
	])('parseIceText(%j)', (text, expected) => {
		expect(parseIceText(text)).toEqual(expected);
	});

	it('iceText shows plain URLs one per line and credentials as JSON, both read back the same', () => {
		const plain = [{ urls: 'stun:a.example' }, { urls: 'stun:b.example' }];
		const secret = [{ urls: 'turn:t.example', username: 'u', credential: 'c' }];
		expect(iceText(plain)).toBe('stun:a.example\nstun:b.example');
		for (const servers of [plain, secret]) expect(parseIceText(iceText(servers))).toEqual({ ok: true, servers });
	});

	it('blockedUrls lists public servers unless they are allowed', () => {
		const net = { signaling: ['ws://127.0.0.1:4444', 'wss://signal.example'], iceServers: [{ urls: 'stun:stun.example' }], allowPublic: false };
		expect(blockedUrls(net)).toEqual(['wss://signal.example', 'stun:stun.example']);
		expect(blockedUrls({ ...net, allowPublic: true })).toEqual([]);
	});
});

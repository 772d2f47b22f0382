/**
 * The player's settings as Svelte state, loaded from localStorage once and saved on change.
 * Light on purpose (no session layer): the first page reads it.
 */
import type { NetSettings } from '../../net/settings.js';
import { cleanName, readAppSettings, writeAppSettings } from './settings.js';

function storage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch (_error) {
		return null;
	}
}

class SettingsStore {
	name = $state('');
	net = $state.raw<NetSettings>({ signaling: [], iceServers: [], allowPublic: false });

	constructor() {
		const loaded = readAppSettings(storage());
		this.name = loaded.name;
		this.net = loaded.net;
	}

	save(name: string, net: NetSettings): void {
		this.name = cleanName(name);
		this.net = net;
		try {
			const store = storage();
			if (store) writeAppSettings(store, { name: this.name, net });
		} catch (_error) {
			// storage full or denied: the settings last for this page only
		}
	}
}

export const settings = new SettingsStore();

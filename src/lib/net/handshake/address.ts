/**
 * Candidate addresses as bytes: IPv4 (4 bytes), IPv6 (16 bytes) and the mDNS names browsers use
 * to hide local addresses (`<uuid>.local`, 16 bytes). Anything else is not encodable.
 */

export type AddressKind = 'ipv4' | 'ipv6' | 'mdns';

export interface AddressBytes {
	kind: AddressKind;
	bytes: Uint8Array;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** The address as bytes, or null if it is none of the three kinds. */
export function addressToBytes(address: string): AddressBytes | null {
	const v4 = IPV4.exec(address);
	if (v4) {
		const parts = v4.slice(1).map(Number);
		return parts.every((n) => n <= 255) ? { kind: 'ipv4', bytes: Uint8Array.from(parts) } : null;
	}
	const mdns = MDNS.exec(address);
	if (mdns) return { kind: 'mdns', bytes: hexToBytes(mdns.slice(1).join('')) };
	const v6 = ipv6ToBytes(address);
	return v6 ? { kind: 'ipv6', bytes: v6 } : null;
}

export function bytesToAddress(kind: AddressKind, bytes: Uint8Array): string {
	if (kind === 'ipv4') return [...bytes].join('.');
	if (kind === 'mdns') {
		const hex = bytesToHex(bytes);
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
	}
	return formatIpv6(bytes);
}

export const ADDRESS_LENGTH: Readonly<Record<AddressKind, number>> = { ipv4: 4, ipv6: 16, mdns: 16 };

function ipv6ToBytes(text: string): Uint8Array | null {
	if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return null;
	const halves = text.split('::');
	if (halves.length > 2) return null;
	const groups = (part: string): number[] | null => {
		if (part === '') return [];
		const out: number[] = [];
		const pieces = part.split(':');
		for (const [i, piece] of pieces.entries()) {
			if (i === pieces.length - 1 && piece.includes('.')) {
				const v4 = addressToBytes(piece);
				if (!v4 || v4.kind !== 'ipv4') return null;
				out.push((v4.bytes[0]! << 8) | v4.bytes[1]!, (v4.bytes[2]! << 8) | v4.bytes[3]!);
			} else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
			else return null;
		}
		return out;
	};
	const head = groups(halves[0]!);
	const tail = halves.length === 2 ? groups(halves[1]!) : [];
	if (!head || !tail) return null;
	const missing = 8 - head.length - tail.length;
	if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
	const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
	const bytes = new Uint8Array(16);
	all.forEach((g, i) => {
		bytes[2 * i] = g >> 8;
		bytes[2 * i + 1] = g & 0xff;
	});
	return bytes;
}

/** RFC 5952 text: lower case, the longest run of two or more zero groups as `::`. */
function formatIpv6(bytes: Uint8Array): string {
	const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
	let best = -1;
	let bestLength = 1;
	for (let i = 0; i < 8; ) {
		if (groups[i] !== 0) {
			i++;
			continue;
		}
		let j = i;
		while (j < 8 && groups[j] === 0) j++;
		if (j - i > bestLength) [best, bestLength] = [i, j - i];
		i = j;
	}
	const hex = groups.map((g) => g.toString(16));
	if (best < 0) return hex.join(':');
	return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

function hexToBytes(hex: string): Uint8Array {
	return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

export function bytesToHex(bytes: Uint8Array): string {
	return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, design, encodePng, iconFiles, ICON_DIR, rasterize } from '../../scripts/icons.mjs';

/** Width, height, colour type and pixels of a PNG this project wrote (one IDAT, no filters). */
function decode(png: Buffer) {
	expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
	let offset = 8;
	const chunks: { type: string; data: Buffer }[] = [];
	while (offset < png.length) {
		const length = png.readUInt32BE(offset);
		const type = png.toString('latin1', offset + 4, offset + 8);
		const data = png.subarray(offset + 8, offset + 8 + length);
		expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
		chunks.push({ type, data });
		offset += 12 + length;
	}
	expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
	const header = chunks[0]!.data;
	const width = header.readUInt32BE(0);
	const raw = zlib.inflateSync(chunks[1]!.data);
	return { width, height: header.readUInt32BE(4), depth: header[8], colour: header[9], raw };
}

describe('install icons', () => {
	it('CRC-32 matches the standard check value', () => {
		expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
	});

	it('a PNG holds the pixels it was given (RGBA, 8 bits)', () => {
		const pixels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4]);
		const png = decode(encodePng(pixels, 2));
		expect(png).toMatchObject({ width: 2, height: 2, depth: 8, colour: 6 });
		expect([...png.raw]).toEqual([0, ...pixels.subarray(0, 8), 0, ...pixels.subarray(8)]);
	});

	it('the plain icon has round transparent corners; the maskable one is opaque to the edge', () => {
		const plain = rasterize(design(false), 64);
		const maskable = rasterize(design(true), 64);
		expect(plain[3]).toBe(0); // top-left corner
		expect(maskable[3]).toBe(255);
		for (let i = 3; i < maskable.length; i += 4) expect(maskable[i]).toBe(255);
	});

	it('the committed icons in static/icons are exactly what scripts/icons.mjs makes', () => {
		const files = iconFiles() as Record<string, Buffer>;
		for (const [name, bytes] of Object.entries(files)) {
			expect(fs.readFileSync(path.join(ICON_DIR, name)).equals(bytes), `${name} is stale: run node scripts/icons.mjs`).toBe(true);
		}
	});

	it('every icon the web manifest lists exists with the size it claims', () => {
		const config = fs.readFileSync(path.join(ICON_DIR, '..', '..', 'vite.config.ts'), 'utf8');
		const icons = [...config.matchAll(/src: '\/icons\/([^']+)', sizes: '([^']+)'/g)].map((m) => ({ name: m[1]!, sizes: m[2]! }));
		expect(icons.length).toBeGreaterThanOrEqual(3);
		for (const icon of icons) {
			const bytes = fs.readFileSync(path.join(ICON_DIR, icon.name));
			if (icon.sizes === 'any') expect(bytes.toString('utf8')).toMatch(/^<svg /);
			else {
				const png = decode(bytes);
				expect(`${png.width}x${png.height}`).toBe(icon.sizes);
			}
		}
	});
});

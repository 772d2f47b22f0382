// The app's install icons, drawn from a few shapes (the favicon's pyramid and eye on a dark square)
// and written as SVG and PNG with no dependencies: a small rasterizer (4×4 samples a pixel) and a
// PNG encoder (RGBA, zlib from Node). Usage: node scripts/icons.mjs  (writes static/icons/).
// tests/ui/pwa-icons.test.ts checks that the committed files are what this script makes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** @typedef {[number, number, number, number]} Rgba */
/**
 * A shape in a 64×64 design space.
 * @typedef {{ kind: 'rect', x: number, y: number, w: number, h: number, r: number, fill: Rgba }
 *   | { kind: 'polygon', points: [number, number][], fill: Rgba }
 *   | { kind: 'ellipse', cx: number, cy: number, rx: number, ry: number, fill: Rgba }} Shape
 */

export const BACKGROUND = '#1f3320';
export const THEME = '#1f3320';

/** @param {string} hex @returns {Rgba} */
function rgba(hex) {
	const n = Number.parseInt(hex.slice(1), 16);
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

/**
 * The design: a pyramid with an eye. `maskable` fills the whole square and keeps the drawing
 * inside the central 80% circle that launchers may crop to; otherwise the square has round corners.
 * @param {boolean} maskable
 * @returns {Shape[]}
 */
export function design(maskable) {
	// Scale the drawing about the centre: the maskable one is smaller, to stay in the safe zone.
	const s = maskable ? 0.68 : 0.86;
	/** @param {number} v */
	const at = (v) => 32 + (v - 32) * s;
	return [
		{ kind: 'rect', x: 0, y: 0, w: 64, h: 64, r: maskable ? 0 : 12, fill: rgba(BACKGROUND) },
		{ kind: 'polygon', points: [[at(32), at(5)], [at(60), at(56)], [at(4), at(56)]], fill: rgba('#d8b54a') },
		{ kind: 'ellipse', cx: at(32), cy: at(38), rx: 12 * s, ry: 7 * s, fill: rgba('#ffffff') },
		{ kind: 'ellipse', cx: at(32), cy: at(38), rx: 5 * s, ry: 5 * s, fill: rgba('#1a1a1a') }
	];
}

/** @param {Rgba} c */
const hex = (c) => '#' + c.slice(0, 3).map((v) => v.toString(16).padStart(2, '0')).join('');
/** @param {number} v */
const num = (v) => String(Math.round(v * 1000) / 1000);

/** The design as an SVG document. @param {Shape[]} shapes */
export function toSvg(shapes) {
	const body = shapes.map((shape) => {
		if (shape.kind === 'rect') return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.w)}" height="${num(shape.h)}" rx="${num(shape.r)}" fill="${hex(shape.fill)}"/>`;
		if (shape.kind === 'polygon') return `<polygon points="${shape.points.map((p) => p.map(num).join(',')).join(' ')}" fill="${hex(shape.fill)}"/>`;
		return `<ellipse cx="${num(shape.cx)}" cy="${num(shape.cy)}" rx="${num(shape.rx)}" ry="${num(shape.ry)}" fill="${hex(shape.fill)}"/>`;
	});
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body.join('')}</svg>\n`;
}

/** @param {Shape} shape @param {number} x @param {number} y */
function inside(shape, x, y) {
	if (shape.kind === 'ellipse') return ((x - shape.cx) / shape.rx) ** 2 + ((y - shape.cy) / shape.ry) ** 2 <= 1;
	if (shape.kind === 'rect') {
		if (x < shape.x || y < shape.y || x > shape.x + shape.w || y > shape.y + shape.h) return false;
		const r = shape.r;
		const cx = Math.min(Math.max(x, shape.x + r), shape.x + shape.w - r);
		const cy = Math.min(Math.max(y, shape.y + r), shape.y + shape.h - r);
		return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
	}
	// Even-odd ray casting.
	let odd = false;
	const p = shape.points;
	for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
		const [xi, yi] = p[i];
		const [xj, yj] = p[j];
		if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
	}
	return odd;
}

/**
 * RGBA pixels (size × size) of the design, each pixel the average of 4×4 samples; a sample takes
 * the colour of the topmost shape under it (transparent where there is none).
 * @param {Shape[]} shapes @param {number} size
 */
export function rasterize(shapes, size) {
	const out = new Uint8Array(size * size * 4);
	const n = 4;
	const scale = 64 / size;
	for (let py = 0; py < size; py++) {
		for (let px = 0; px < size; px++) {
			const sum = [0, 0, 0, 0];
			for (let sy = 0; sy < n; sy++) {
				for (let sx = 0; sx < n; sx++) {
					const x = (px + (sx + 0.5) / n) * scale;
					const y = (py + (sy + 0.5) / n) * scale;
					let color = null;
					for (const shape of shapes) if (inside(shape, x, y)) color = shape.fill;
					if (color === null) continue;
					// Premultiplied, so partly covered edge pixels keep their colour.
					for (let c = 0; c < 3; c++) sum[c] += color[c] * (color[3] / 255);
					sum[3] += color[3];
				}
			}
			const i = (py * size + px) * 4;
			const alpha = sum[3] / (n * n);
			for (let c = 0; c < 3; c++) out[i + c] = alpha === 0 ? 0 : Math.round((sum[c] / (n * n)) * (255 / alpha));
			out[i + 3] = Math.round(alpha);
		}
	}
	return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

/** CRC-32 as PNG chunks use it. @param {Uint8Array} bytes */
export function crc32(bytes) {
	let c = 0xffffffff;
	for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Uint8Array} data */
function chunk(type, data) {
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	out.write(type, 4, 'latin1');
	Buffer.from(data).copy(out, 8);
	out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
	return out;
}

/** A PNG file (8-bit RGBA, no filtering) of `pixels`. @param {Uint8Array} pixels @param {number} size */
export function encodePng(pixels, size) {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header[8] = 8; // bit depth
	header[9] = 6; // RGBA
	const raw = Buffer.alloc(size * (size * 4 + 1));
	for (let y = 0; y < size; y++) {
		raw[y * (size * 4 + 1)] = 0; // filter: none
		Buffer.from(pixels.buffer, pixels.byteOffset + y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
	}
	return Buffer.concat([
		Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
		chunk('IHDR', header),
		chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
		chunk('IEND', new Uint8Array(0))
	]);
}

/** Every icon file: name → contents. */
export function iconFiles() {
	const plain = design(false);
	const maskable = design(true);
	return {
		'icon.svg': Buffer.from(toSvg(plain)),
		'icon-192.png': encodePng(rasterize(plain, 192), 192),
		'icon-512.png': encodePng(rasterize(plain, 512), 512),
		'icon-maskable-512.png': encodePng(rasterize(maskable, 512), 512),
		'apple-touch-icon-180.png': encodePng(rasterize(maskable, 180), 180)
	};
}

export const ICON_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'static', 'icons');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	fs.mkdirSync(ICON_DIR, { recursive: true });
	for (const [name, bytes] of Object.entries(iconFiles())) {
		fs.writeFileSync(path.join(ICON_DIR, name), bytes);
		console.log(`static/icons/${name}: ${bytes.length} bytes`);
	}
}

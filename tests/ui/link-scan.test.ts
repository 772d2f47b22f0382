// Camera scanning is offered only where the browser can do it: a BarcodeDetector that reads QR
// codes, a camera API, and a secure context; else players paste the text.
import { describe, expect, it } from 'vitest';
import { canScan, type ScanEnvironment } from '../../src/lib/ui/link/scan.js';

const detector = (formats: string[]) =>
	class {
		static async getSupportedFormats() {
			return formats;
		}
		async detect() {
			return [];
		}
	} as unknown as ScanEnvironment['BarcodeDetector'];
const camera = { getUserMedia: async () => ({}) as MediaStream };

describe('canScan', () => {
	it.each([
		['no BarcodeDetector', { mediaDevices: camera, isSecureContext: true }, false],
		['a detector without QR codes', { BarcodeDetector: detector(['ean_13']), mediaDevices: camera, isSecureContext: true }, false],
		['no camera API', { BarcodeDetector: detector(['qr_code']), isSecureContext: true }, false],
		['a plain-http page (not a secure context)', { BarcodeDetector: detector(['qr_code']), mediaDevices: camera, isSecureContext: false }, false],
		['a QR detector, a camera, a secure context', { BarcodeDetector: detector(['qr_code', 'ean_13']), mediaDevices: camera, isSecureContext: true }, true]
	] as const)('%s: %s', async (_name, env, expected) => {
		expect(await canScan(env as ScanEnvironment)).toBe(expected);
	});

	it('a detector that fails to list its formats: no scanning', async () => {
		const failing = class {
			static async getSupportedFormats(): Promise<string[]> {
				throw new Error('not allowed');
			}
		} as unknown as ScanEnvironment['BarcodeDetector'];
		expect(await canScan({ BarcodeDetector: failing, mediaDevices: camera, isSecureContext: true })).toBe(false);
	});
});

/**
 * Reading a QR code with the camera through the browser's own BarcodeDetector (Chromium on
 * Android, ChromeOS and macOS have it; others may not), feature-detected at run time. No
 * library: where the detector or the camera is missing, players paste the text instead.
 */

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types). */
interface DetectedBarcode {
	readonly rawValue: string;
}
interface BarcodeDetectorLike {
	detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
	new (options?: { formats: string[] }): BarcodeDetectorLike;
	getSupportedFormats(): Promise<string[]>;
}

export interface ScanEnvironment {
	BarcodeDetector?: BarcodeDetectorClass;
	mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
	isSecureContext?: boolean;
}

function browserEnvironment(): ScanEnvironment {
	const g = globalThis as { BarcodeDetector?: BarcodeDetectorClass; isSecureContext?: boolean };
	return { BarcodeDetector: g.BarcodeDetector, mediaDevices: globalThis.navigator?.mediaDevices, isSecureContext: g.isSecureContext };
}

/** Whether this browser can scan QR codes with a camera (detector, QR format, camera API). */
export async function canScan(env: ScanEnvironment = browserEnvironment()): Promise<boolean> {
	if (!env.BarcodeDetector || !env.mediaDevices?.getUserMedia || env.isSecureContext === false) return false;
	try {
		return (await env.BarcodeDetector.getSupportedFormats()).includes('qr_code');
	} catch (_error) {
		return false;
	}
}

export interface Scan {
	/** Resolves with the first QR code's text, or null when stopped. */
	readonly result: Promise<string | null>;
	stop(): void;
}

/** How often a video frame is looked at. */
const SCAN_INTERVAL_MS = 200;

/**
 * Shows the back camera in `video` and looks for a QR code until one is read or `stop()`.
 * Rejects if the camera cannot be opened (permission refused, no camera).
 */
export async function startScan(video: HTMLVideoElement, accept: (text: string) => boolean = () => true, env: ScanEnvironment = browserEnvironment()): Promise<Scan> {
	if (!env.BarcodeDetector || !env.mediaDevices) throw new Error('scanning not supported');
	const detector = new env.BarcodeDetector({ formats: ['qr_code'] });
	const stream = await env.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
	video.srcObject = stream;
	video.muted = true;
	video.playsInline = true;
	await video.play().catch(() => undefined);
	let timer: ReturnType<typeof setTimeout> | null = null;
	let finish: (text: string | null) => void = () => undefined;
	const result = new Promise<string | null>((resolve) => (finish = resolve));
	let stopped = false;
	const stop = (text: string | null = null) => {
		if (stopped) return;
		stopped = true;
		if (timer !== null) clearTimeout(timer);
		for (const track of stream.getTracks()) track.stop();
		video.srcObject = null;
		finish(text);
	};
	const look = async () => {
		if (stopped) return;
		try {
			if (video.readyState >= 2) {
				const found = (await detector.detect(video)).map((b) => b.rawValue).find(accept);
				if (found !== undefined) return stop(found);
			}
		} catch (_error) {
			// a frame the detector could not read: try the next
		}
		if (!stopped) timer = setTimeout(() => void look(), SCAN_INTERVAL_MS);
	};
	void look();
	return { result, stop: () => stop(null) };
}

/**
 * What a QR code of a handshake code holds. An answer: the code alone (the host scans it in the
 * app). An invitation: a link to this app's guest page with the code after `#` when it still
 * fits a version-10 QR code at level M, so a phone's own camera app opens the guest page at
 * once; the app's decoder ignores the link around the code. The link is left out when this
 * page runs on a loopback address (the other device could not open it) or it would not fit.
 */
import type { QRCodeSegment } from 'qrcode';

/** The largest QR code we show (level M): what the codes are designed for. */
export const MAX_QR_VERSION = 10;

/** The guest page's path; the invitation follows `#`. */
export const GUEST_PATH = '/link';

type CreateQr = (segments: QRCodeSegment[], options: { errorCorrectionLevel: 'M' }) => { version: number };

/** Whether another device could open a link to this origin. */
export function reachableOrigin(origin: string): boolean {
	try {
		const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
		return !(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host));
	} catch (_error) {
		return false;
	}
}

/** The guest page's link for an invitation. */
export function invitationLink(origin: string, code: string): string {
	return `${origin.replace(/\/+$/, '')}${GUEST_PATH}#${code}`;
}

/** The code in alphanumeric mode (5.5 bits a character), after the link in byte mode if any. */
export function qrSegments(code: string, link: string | null): QRCodeSegment[] {
	const segments: QRCodeSegment[] = [];
	if (link !== null) segments.push({ data: new TextEncoder().encode(link.slice(0, link.length - code.length)), mode: 'byte' });
	segments.push({ data: code, mode: 'alphanumeric' });
	return segments;
}

/**
 * The segments to draw for `code`: with the guest link for an invitation when `origin` is
 * reachable and the result fits version 10, else the code alone.
 */
export function qrContent(code: string, kind: 'invitation' | 'answer', origin: string, create: CreateQr): QRCodeSegment[] {
	if (kind === 'invitation' && reachableOrigin(origin)) {
		const segments = qrSegments(code, invitationLink(origin, code));
		try {
			if (create(segments, { errorCorrectionLevel: 'M' }).version <= MAX_QR_VERSION) return segments;
		} catch (_error) {
			// too long for any QR code: the code alone
		}
	}
	return qrSegments(code, null);
}

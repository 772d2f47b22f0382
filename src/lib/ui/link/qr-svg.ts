/**
 * A QR code (level M) as SVG markup, drawn by the qrcode package loaded on first use (kept out of
 * the main bundle): the lobby's invitation and the codes of linking by hand.
 */
type Qr = typeof import('qrcode');

/**
 * Draws the QR code of `content(qr)` with a quiet zone of `margin` modules and hands its markup
 * to `show` ('' when it cannot be drawn). Returns a cancel function (for an effect's cleanup):
 * once called, `show` is no longer called.
 */
export function drawQr(content: (qr: Qr) => Parameters<Qr['toString']>[0], margin: number, show: (svg: string) => void): () => void {
	let current = true;
	void import('qrcode')
		.then((qr) => qr.toString(content(qr), { type: 'svg', margin, errorCorrectionLevel: 'M' }))
		.then((markup) => {
			if (current) show(markup);
		})
		.catch(() => {
			if (current) show('');
		});
	return () => {
		current = false;
	};
}

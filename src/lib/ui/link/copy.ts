/**
 * Copies text for the player: the Clipboard API where the page may use it (a secure context),
 * else the selected text of the field that shows it (plain-http LAN pages have no Clipboard API).
 */
export async function copyText(text: string, field: HTMLTextAreaElement | HTMLInputElement | null): Promise<boolean> {
	try {
		if (globalThis.navigator?.clipboard && globalThis.isSecureContext) {
			await navigator.clipboard.writeText(text);
			return true;
		}
	} catch (_error) {
		// refused (no permission, page not focused): try the field
	}
	if (field === null) return false;
	field.focus();
	field.select();
	try {
		// Deprecated but the only way without the Clipboard API; the text stays selected if it fails.
		return document.execCommand('copy');
	} catch (_error) {
		return false;
	}
}

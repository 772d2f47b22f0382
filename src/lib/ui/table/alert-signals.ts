/**
 * The ways a device says "your turn" besides the tab's title: a short beep (WebAudio), a vibration
 * where the device has one, and a system notification when the page is hidden and the player has
 * allowed them. Each does nothing where the browser lacks it; none is ever assumed.
 */

let audio: AudioContext | null = null;

/** A short soft beep. */
export function beep(): void {
	const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
	if (Context === undefined) return;
	try {
		audio ??= new Context();
		const oscillator = audio.createOscillator();
		const gain = audio.createGain();
		oscillator.frequency.value = 660;
		gain.gain.setValueAtTime(0.08, audio.currentTime);
		gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
		oscillator.connect(gain).connect(audio.destination);
		oscillator.start();
		oscillator.stop(audio.currentTime + 0.25);
	} catch {
		// No sound device, or the browser refuses audio before a gesture: the title still says it.
	}
}

export function vibrate(): void {
	if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([120, 60, 120]);
}

export type NotificationAccess = 'granted' | 'denied' | 'default' | 'unsupported';

export function notificationAccess(): NotificationAccess {
	return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (only ever from a button the player pressed). */
export async function askNotifications(): Promise<NotificationAccess> {
	if (typeof Notification === 'undefined') return 'unsupported';
	try {
		return await Notification.requestPermission();
	} catch {
		return Notification.permission;
	}
}

/** A notification while the page is hidden, if allowed; one per `tag` (the alert's key). */
export function notifyHidden(title: string, body: string, tag: string): void {
	if (typeof document === 'undefined' || document.visibilityState !== 'hidden' || notificationAccess() !== 'granted') return;
	try {
		new Notification(title, { body, tag });
	} catch {
		// Some browsers allow notifications only from a service worker: the title still says it.
	}
}

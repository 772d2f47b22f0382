/**
 * The refusals' words (messages/errors*.ts, the `errors` area, 3–4 KB gzipped): a chunk of their
 * own, loaded once the page runs (later.svelte.ts), since a page shows them only after a refusal.
 */
import { hasMessage, translate, type Locale, type Params } from '../i18n/index.js';

/** What a refusal means for the player, in their language; an unknown code still gets a sentence. */
export function refusalText(code: string, params: Params, locale: Locale): string {
	if (/^[A-Z_]+$/.test(code) && hasMessage(`errors.${code}`, locale)) return translate(locale, `errors.${code}`, params);
	return translate(locale, 'errors.unknown', { code });
}

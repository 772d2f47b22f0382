/**
 * What a card face needs to shrink a name instead of breaking it inside a word (issue 16: no
 * "Intellectua/ls"): the longest word's length and the whole name's, in characters. CardView's CSS
 * turns them into a font size against the card's width (container query units).
 */
export interface NameFit {
	readonly longest: number;
	readonly chars: number;
}

export function nameFit(name: string): NameFit {
	const words = name.split(/\s+/).filter((word) => word.length > 0);
	const longest = words.reduce((most, word) => Math.max(most, [...word].length), 1);
	return { longest, chars: Math.max(1, [...name].length) };
}

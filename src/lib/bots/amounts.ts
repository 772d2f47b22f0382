/**
 * Money amounts a bot considers: a few buckets up to the most it could pay, so that choices that
 * differ by one MB out of thirty are not each searched.
 */
const FINE = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 24, 28, 33, 40, 50, 60, 80, 100];
const COARSE = [1, 2, 3, 5, 8, 12, 18, 25, 40, 60, 100];

export function amountBuckets(max: number, fine: boolean): number[] {
	if (max <= 0) return [];
	const list = (fine ? FINE : COARSE).filter((amount) => amount < max);
	list.push(max);
	return list;
}

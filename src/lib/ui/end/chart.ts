/**
 * A small line chart's geometry: scales, one polyline per series, y-axis ticks, and for each
 * series a marker shape and dash pattern, so series differ by more than colour.
 */

export interface ChartSeriesInput {
	readonly label: string;
	readonly values: readonly number[];
}

export interface ChartLine {
	readonly label: string;
	readonly points: readonly { readonly x: number; readonly y: number; readonly value: number }[];
	/** SVG path data of the line. */
	readonly path: string;
	readonly marker: MarkerShape;
	readonly dash: string;
	readonly colour: string;
	/** Where the end label is written (right of the last point, moved apart from the others). */
	readonly labelY: number;
}

export interface ChartGeometry {
	readonly width: number;
	readonly height: number;
	readonly plot: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
	readonly lines: readonly ChartLine[];
	readonly yTicks: readonly { readonly y: number; readonly value: number }[];
	readonly xTicks: readonly { readonly x: number; readonly index: number }[];
	readonly max: number;
	/** A horizontal reference line (e.g. the basic goal), if within the chart. */
	readonly reference: { readonly y: number; readonly value: number } | null;
}

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'cross' | 'plus' | 'triangleDown' | 'star';
export const MARKERS: readonly MarkerShape[] = ['circle', 'square', 'triangle', 'diamond', 'cross', 'plus', 'triangleDown', 'star'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '4 4', '1 2', '10 4', '3 2 1 2'];
/** Colours distinguishable in both colour schemes and by most colour-blind readers (Okabe–Ito). */
const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#9b8a00', '#7f7f7f'];

/** A round step for about `count` ticks up to `max`. */
export function tickStep(max: number, count = 5): number {
	if (max <= 0) return 1;
	const raw = max / count;
	const magnitude = 10 ** Math.floor(Math.log10(raw));
	const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
	return Math.max(1, step);
}

/** SVG path data for a marker of radius `r` centred on (x, y). */
export function markerPath(shape: MarkerShape, x: number, y: number, r: number): string {
	const p = (dx: number, dy: number) => `${(x + dx).toFixed(1)} ${(y + dy).toFixed(1)}`;
	switch (shape) {
		case 'circle':
			return `M ${p(-r, 0)} A ${r} ${r} 0 1 0 ${p(r, 0)} A ${r} ${r} 0 1 0 ${p(-r, 0)} Z`;
		case 'square':
			return `M ${p(-r, -r)} L ${p(r, -r)} L ${p(r, r)} L ${p(-r, r)} Z`;
		case 'triangle':
			return `M ${p(0, -r)} L ${p(r, r)} L ${p(-r, r)} Z`;
		case 'triangleDown':
			return `M ${p(0, r)} L ${p(r, -r)} L ${p(-r, -r)} Z`;
		case 'diamond':
			return `M ${p(0, -r)} L ${p(r, 0)} L ${p(0, r)} L ${p(-r, 0)} Z`;
		case 'cross':
			return `M ${p(-r, -r)} L ${p(r, r)} M ${p(r, -r)} L ${p(-r, r)}`;
		case 'plus':
			return `M ${p(-r, 0)} L ${p(r, 0)} M ${p(0, -r)} L ${p(0, r)}`;
		case 'star': {
			const points = Array.from({ length: 10 }, (_, i) => {
				const angle = (Math.PI / 5) * i - Math.PI / 2;
				const radius = i % 2 === 0 ? r * 1.2 : r * 0.5;
				return p(Math.cos(angle) * radius, Math.sin(angle) * radius);
			});
			return `M ${points.join(' L ')} Z`;
		}
	}
}

/** Moves label positions apart (at least `gap` between neighbours), keeping their order. */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
	const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
	const placed: number[] = [];
	for (const [k, item] of order.entries()) placed[k] = Math.max(item.y, k === 0 ? top : placed[k - 1]! + gap);
	// Pushed past the bottom: shift everything up as needed.
	const overflow = (placed[placed.length - 1] ?? bottom) - bottom;
	if (overflow > 0) for (let k = placed.length - 1; k >= 0; k--) placed[k] = Math.min(placed[k]! - overflow, k === placed.length - 1 ? bottom : placed[k + 1]! - gap);
	const out: number[] = [];
	for (const [k, item] of order.entries()) out[item.i] = placed[k]!;
	return out;
}

export function chartGeometry(series: readonly ChartSeriesInput[], options: { width?: number; height?: number; reference?: number | null; labelWidth?: number } = {}): ChartGeometry {
	const width = options.width ?? 680;
	const height = options.height ?? 260;
	const plot = { left: 40, top: 12, right: width - (options.labelWidth ?? 185), bottom: height - 28 };
	const count = Math.max(0, ...series.map((s) => s.values.length));
	const dataMax = Math.max(0, ...series.flatMap((s) => s.values));
	const reference = options.reference ?? null;
	const top = Math.max(dataMax, reference ?? 0, 1);
	const stepValue = tickStep(top);
	const max = Math.ceil(top / stepValue) * stepValue;
	const xOf = (index: number) => (count <= 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * index) / (count - 1));
	const yOf = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / max;
	const labelYs = spreadLabels(
		series.map((s) => yOf(s.values[s.values.length - 1] ?? 0)),
		14,
		plot.top,
		plot.bottom,
	);
	const lines = series.map((s, i) => {
		const points = s.values.map((value, index) => ({ x: xOf(index), y: yOf(value), value }));
		const path = points.map((pt, k) => `${k === 0 ? 'M' : 'L'} ${pt.x.toFixed(1)} ${pt.y.toFixed(1)}`).join(' ');
		return { label: s.label, points, path, marker: MARKERS[i % MARKERS.length]!, dash: DASHES[i % DASHES.length]!, colour: COLOURS[i % COLOURS.length]!, labelY: labelYs[i]! };
	});
	const yTicks = Array.from({ length: Math.round(max / stepValue) + 1 }, (_, k) => ({ value: k * stepValue, y: yOf(k * stepValue) }));
	const every = Math.max(1, Math.ceil(count / 12));
	const xTicks = Array.from({ length: count }, (_, index) => index)
		.filter((index) => (index % every === 0 && count - 1 - index >= every / 2) || index === count - 1)
		.map((index) => ({ index, x: xOf(index) }));
	return { width, height, plot, lines, yTicks, xTicks, max, reference: reference === null ? null : { value: reference, y: yOf(reference) } };
}

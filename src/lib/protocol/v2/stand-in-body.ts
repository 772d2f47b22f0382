/** The shape of a stand-in entry's body (entry.ts parses it; v2/stand-in.ts judges it). */
const isIndex = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function standInBodyProblem(body: Record<string, unknown>): string | null {
	if (!isIndex(body.seat) || !isIndex(body.for)) return 'standIn: seat and for must be whole numbers';
	if (body.seat === body.for) return 'standIn: a seat does not stand in for itself';
	if (typeof body.at !== 'string' || !/^[0-9a-f]{64}$/.test(body.at)) return 'standIn: at must be a state hash (64 hex digits)';
	const action = body.action;
	if (!isRecord(action) || typeof action.type !== 'string' || ['random', 'fixed', 'deal', 'showCard'].includes(action.type)) return 'standIn: action must be a player action with a type';
	if (action.seat !== body.for) return 'standIn: the action must be the absent seat\u2019s (action.seat = for)';
	return null;
}

/**
 * The majority that declares a seat absent, counted alike by the order (a member's cut) and by the
 * replay (`votedOut`). Under the protocol rule `botVotes: 'afterPeople'` a computer player's vote
 * counts only once most of the people among the voters voted the same way: a bot's seed is sealed
 * to every seated player so any of them can drive it, so one person could otherwise cast the
 * bot's vote beside their own (docs/protocol.md, "Computer players").
 */
export interface AbsenceCount {
	/** The votes that count make a majority of the voters. */
	readonly majority: boolean;
	/** Most of the people among the voters voted (a bot's vote counts from then on). */
	readonly peopleDecided: boolean;
}

/** `voters`: everyone whose vote counts against this target; `voted`: who of them voted; `isBot`:
 * whose votes wait for the people's (none in games without the rule). */
export function absenceCount<T>(voters: Iterable<T>, voted: (voter: T) => boolean, isBot: (voter: T) => boolean): AbsenceCount {
	let total = 0;
	let people = 0;
	let peopleVotes = 0;
	let botVotes = 0;
	for (const voter of voters) {
		total++;
		const yes = voted(voter);
		if (isBot(voter)) {
			if (yes) botVotes++;
		} else {
			people++;
			if (yes) peopleVotes++;
		}
	}
	const peopleDecided = peopleVotes * 2 > people;
	const counted = peopleDecided ? peopleVotes + botVotes : peopleVotes;
	return { majority: total > 0 && counted * 2 > total, peopleDecided };
}

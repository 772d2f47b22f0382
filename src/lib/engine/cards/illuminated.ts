// The French rulebook's add-on article ("J'ai illuminé la Post Office"): five groups made into
// extra Illuminati (rule option `illuminated`). Facts as the article gives them: Power and
// transferable Power, income, four outward arrows, no alignment, no Resistance. The abilities and
// goals are our reading of it (docs/rules-differences.md, "Illuminated groups"); their summaries, in
// our own words, are in summaries.ts. Not part of the classic 106 cards (ALL_CARDS).

import type { IlluminatiCard } from './types.js';

export const ILLUMINATED: readonly IlluminatiCard[] = [
	{
		id: 'illuminated-mafia',
		index: 106,
		kind: 'illuminati',
		name: 'The Illuminated Mafia',
		power: 8,
		transferable: 8,
		income: 8,
		arrows: { out: [0, 1, 2, 3] },
		// "as on the card": the Mafia's own bonus, for its own attacks (FR Special Abilities example).
		abilities: [{ kind: 'attackBonus', scope: 'direct', attacks: ['control'], value: 3, target: { kind: 'alignment', alignment: 'Criminal' } }],
		goal: { kind: 'alignmentsCount', alignments: ['Criminal', 'Government'], count: 5 },
		illuminates: 'mafia'
	},
	{
		id: 'illuminated-phone-company',
		index: 107,
		kind: 'illuminati',
		name: 'The Illuminated Phone Company',
		power: 7,
		transferable: 7,
		income: 9,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'seeSpecials' }],
		goal: { kind: 'alignmentCount', alignment: 'Straight', count: 4 },
		illuminates: 'phone-company'
	},
	{
		id: 'illuminated-oil-companies',
		index: 108,
		kind: 'illuminati',
		name: 'The Illuminated Oil Companies',
		power: 7,
		transferable: 7,
		income: 11,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'incomeFloor', income: 1 }],
		goal: { kind: 'destroyGroup', card: 'irs' },
		illuminates: 'multinational-oil-companies'
	},
	{
		id: 'illuminated-post-office',
		index: 109,
		kind: 'illuminati',
		name: 'The Illuminated Post Office',
		power: 8,
		transferable: 8,
		income: 5,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'skipPlayerTurn' }],
		goal: { kind: 'communications', rival: 'illuminated-phone-company', groups: ['phone-company', 'hollywood', 'madison-avenue'] },
		illuminates: 'post-office'
	},
	{
		id: 'illuminated-communist-conspiracy',
		index: 110,
		kind: 'illuminati',
		name: 'The Illuminated International Communist Conspiracy',
		power: 9,
		transferable: 9,
		income: 7,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'attackBonus', scope: 'anyAttempt', attacks: ['control'], value: 3, target: { kind: 'alignment', alignment: 'Communist' } }],
		goal: { kind: 'alignmentsCount', alignments: ['Liberal', 'Communist'], count: 7 },
		illuminates: 'international-communist-conspiracy'
	}
];

// The French rulebook's add-on article ("J'ai illuminé la Post Office"): five groups made into
// extra Illuminati (rule option `illuminated`). Facts as the article gives them: Power and
// transferable Power, income, four outward arrows, no alignment, no Resistance. The abilities and
// goals are our reading of it (docs/rules-differences.md, "Illuminated groups"); summaries are our
// own words. Not part of the classic 106 cards (ALL_CARDS).

import type { IlluminatiCard } from './types.js';

export const ILLUMINATED: readonly IlluminatiCard[] = [
	{
		id: 'illuminated-mafia',
		index: 106,
		kind: 'illuminati',
		name: 'The Illuminated Mafia',
		nameFr: 'La Mafia Illuminée',
		power: 8,
		transferable: 8,
		income: 8,
		arrows: { out: [0, 1, 2, 3] },
		// "as on the card": the Mafia's own bonus, for its own attacks (FR Special Abilities example).
		abilities: [{ kind: 'attackBonus', scope: 'direct', attacks: ['control'], value: 3, target: { kind: 'alignment', alignment: 'Criminal' } }],
		goal: { kind: 'alignmentsCount', alignments: ['Criminal', 'Government'], count: 5 },
		goalSummary: 'Control 5 Criminal or Government groups; a group that is both counts twice.',
		summary: '+3 when the Illuminati card itself tries to control a Criminal group.',
		illuminates: 'mafia'
	},
	{
		id: 'illuminated-phone-company',
		index: 107,
		kind: 'illuminati',
		name: 'The Illuminated Phone Company',
		nameFr: 'Les Compagnies du Téléphone Illuminées',
		power: 7,
		transferable: 7,
		income: 9,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'seeSpecials' }],
		goal: { kind: 'alignmentCount', alignment: 'Straight', count: 4 },
		goalSummary: 'Control 4 Straight groups.',
		summary: "May look at any player's Special cards whenever it likes.",
		illuminates: 'phone-company'
	},
	{
		id: 'illuminated-oil-companies',
		index: 108,
		kind: 'illuminati',
		name: 'The Illuminated Oil Companies',
		nameFr: 'La Multinationale des Pétroles Illuminée',
		power: 7,
		transferable: 7,
		income: 11,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'incomeFloor', income: 1 }],
		goal: { kind: 'destroyGroup', card: 'irs' },
		goalSummary: 'Destroy the I.R.S. with an attack of its own power structure.',
		summary: 'Each of its groups printed with no income collects 1 MB.',
		illuminates: 'multinational-oil-companies'
	},
	{
		id: 'illuminated-post-office',
		index: 109,
		kind: 'illuminati',
		name: 'The Illuminated Post Office',
		nameFr: 'La Poste Illuminée',
		power: 8,
		transferable: 8,
		income: 5,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'skipPlayerTurn' }],
		goal: { kind: 'communications', rival: 'illuminated-phone-company', groups: ['phone-company', 'hollywood', 'madison-avenue'] },
		goalSummary:
			'If a player has the Illuminated Phone Company: see it eliminated. Otherwise: control or destroy The Phone Company, Hollywood and Madison Avenue.',
		summary: 'At the end of its turn, may name another player, who loses their next turn; never the same player twice running.',
		illuminates: 'post-office'
	},
	{
		id: 'illuminated-communist-conspiracy',
		index: 110,
		kind: 'illuminati',
		name: 'The Illuminated International Communist Conspiracy',
		nameFr: 'La Conspiration Communiste Internationale Illuminée',
		power: 9,
		transferable: 9,
		income: 7,
		arrows: { out: [0, 1, 2, 3] },
		abilities: [{ kind: 'attackBonus', scope: 'anyAttempt', attacks: ['control'], value: 3, target: { kind: 'alignment', alignment: 'Communist' } }],
		goal: { kind: 'alignmentsCount', alignments: ['Liberal', 'Communist'], count: 7 },
		goalSummary: 'Control 7 Liberal or Communist groups; a group that is both counts twice.',
		summary: '+3 on any attempt to control a Communist group.',
		illuminates: 'international-communist-conspiracy'
	}
];

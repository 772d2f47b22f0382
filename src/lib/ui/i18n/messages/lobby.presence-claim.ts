// Beside a connected peer whose seat claim is not signed by that seat's key, or no longer fresh
// (net/presence-claim.ts): shown, never counted.
export default {
	en: {
		'unverifiedSeat': '(seat not verified)',
	},
	fr: {
		'unverifiedSeat': '(siège non vérifié)',
	},
	es: {
		'unverifiedSeat': '(asiento no verificado)',
	},
};

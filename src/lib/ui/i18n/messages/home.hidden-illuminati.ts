// The new-game form's refusal of Hidden Illuminati without the secret deck (ui/app/new-game.ts
// `planNewGame`, problem 'hiddenIlluminati'; docs/rules-differences.md, "Hidden Illuminati").
export default {
	en: {
		'problem.hiddenIlluminati': 'Hidden Illuminati needs the secret deck: play online with players on other devices and leave “Open hands” unticked, or untick Hidden Illuminati.',
	},
	fr: {
		'problem.hiddenIlluminati': 'Les Illuminati dissimulés nécessitent le paquet secret : jouez en ligne avec des joueurs sur d’autres appareils et laissez « Mains ouvertes » décoché, ou décochez Illuminati dissimulés.',
	},
	es: {
		'problem.hiddenIlluminati': 'Los Illuminati ocultos requieren el mazo secreto: juega en línea con jugadores en otros dispositivos y deja «Manos abiertas» sin marcar, o desmarca Illuminati ocultos.',
	},
};

// Hidden Illuminati: a face-down defender reveals its card in the window of an attack on its
// structure to claim its immunity (the Discordian Society; engine/hidden-illuminati-immunity.ts).
export default {
	en: {
		'immunity.button': 'Reveal my Illuminati: this attack is illegal against me',
		'immunity.hint': 'Your Illuminati’s immunity bars this attack, but it works only face up. Revealing turns your card face up for the rest of the game and cancels the attack: the attacker gets its action back if no money was spent on it yet; otherwise the attack fails without a roll and the money spent stays with the bank.',
	},
	fr: {
		'immunity.button': 'Révéler mon Illuminati : cette attaque est interdite contre moi',
		'immunity.hint': 'L’immunité de votre Illuminati interdit cette attaque, mais elle ne s’applique que face visible. Révéler retourne votre carte face visible jusqu’à la fin de la partie et annule l’attaque : l’attaquant récupère son action si personne n’y a encore dépensé d’argent ; sinon l’attaque échoue sans jet de dés et l’argent dépensé reste à la banque.',
	},
	es: {
		'immunity.button': 'Revelar mis Illuminati: este ataque está prohibido contra mí',
		'immunity.hint': 'La inmunidad de tus Illuminati prohíbe este ataque, pero sólo funciona boca arriba. Revelarlos pone tu carta boca arriba el resto de la partida y anula el ataque: el atacante recupera su acción si aún nadie gastó dinero en él; si no, el ataque fracasa sin tirar los dados y el dinero gastado se queda en el banco.',
	},
};

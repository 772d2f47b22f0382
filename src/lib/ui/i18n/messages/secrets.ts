// Secrets on screen and in the log (issue 13): private offers sealed to their two parties
// (actions/Deals.svelte, OfferForm.svelte; a Special held face down that an offer gives is shown to
// the table first) and the hot seat's "pass the device" screen (table/PassDevice.svelte), with the
// device setting that turns it off for a learning table.
export default {
	en: {
		'offer.sealed': 'Sealed: only the two of you can read these terms; the others see only that an offer was made.',
		'offer.sealedHint': 'Sealed for the two of you: the other players see only that you made an offer, and its terms become public only if it is accepted (the promise never).',
		'offer.broken': 'A broken offer from {from}: its terms could not be read or do not match what was sealed. It cannot be accepted.',
		'offer.showsHidden': 'Making this offer shows {cards} to the whole table: {count, plural, one {a Special drawn face down is} other {Specials drawn face down are}} shown before {count, plural, one {it changes} other {they change}} hands.',
		'pick.showsHidden': 'Picking {cards}, which you hold face down, shows {count, plural, one {it} other {them}} to everyone at once, before the deal is done: {maker} can still withdraw the offer after seeing {count, plural, one {it} other {them}}.',
		'pick.lastLook': 'Careful: {maker} has already withdrawn an offer after you picked for it, once they had seen the card, and paid nothing. They can do it again: a face-down card you pick here is shown to everyone first.',
		'pass.heading': 'Pass the device to {name}',
		'pass.body': 'Only {name} should look now: their hand and secrets come next.',
		'pass.show': 'I am {name}: show my hand',
		'pass.setting': 'Everyone may see every hand on this device (a learning table)',
	},
	fr: {
		'offer.sealed': 'Scellée : vous seuls lisez ces termes ; les autres voient seulement qu’une offre a été faite.',
		'offer.sealedHint': 'Scellée pour vous deux : les autres joueurs voient seulement que vous avez fait une offre, et ses termes ne deviennent publics que si elle est acceptée (la promesse jamais).',
		'offer.broken': 'Une offre défectueuse de {from} : ses termes sont illisibles ou ne correspondent pas à ce qui a été scellé. Elle ne peut pas être acceptée.',
		'offer.showsHidden': 'Faire cette offre montre {cards} à toute la table : {count, plural, one {une carte spéciale piochée face cachée est montrée} other {des cartes spéciales piochées face cachée sont montrées}} avant de changer de main.',
		'pick.showsHidden': 'Choisir {cards}, que vous avez face cachée, {count, plural, one {la montre} other {les montre}} aussitôt à tous, avant que le marché soit conclu\u00a0: {maker} peut encore retirer l’offre après {count, plural, one {l’avoir vue} other {les avoir vues}}.',
		'pick.lastLook': 'Attention\u00a0: {maker} a déjà retiré une offre après votre choix, une fois la carte vue, sans rien payer. {maker} peut recommencer\u00a0: une carte face cachée choisie ici est d’abord montrée à tous.',
		'pass.heading': 'Passez l’appareil à {name}',
		'pass.body': 'Seul(e) {name} doit regarder maintenant : sa main et ses secrets s’affichent ensuite.',
		'pass.show': 'Je suis {name} : montrer ma main',
		'pass.setting': 'Tout le monde peut voir toutes les mains sur cet appareil (table d’apprentissage)',
	},
	es: {
		'offer.sealed': 'Sellada: solo vosotros dos podéis leer estas condiciones; los demás solo ven que se hizo una oferta.',
		'offer.sealedHint': 'Sellada para vosotros dos: los demás jugadores solo ven que hiciste una oferta, y sus condiciones solo se hacen públicas si se acepta (la promesa, nunca).',
		'offer.broken': 'Una oferta defectuosa de {from}: sus condiciones no se pueden leer o no coinciden con lo sellado. No se puede aceptar.',
		'offer.showsHidden': 'Hacer esta oferta muestra {cards} a toda la mesa: {count, plural, one {una carta especial robada boca abajo se muestra} other {las cartas especiales robadas boca abajo se muestran}} antes de cambiar de manos.',
		'pick.showsHidden': 'Elegir {cards}, que tienes boca abajo, {count, plural, one {la muestra} other {las muestra}} a todos en el acto, antes de cerrar el trato: {maker} aún puede retirar la oferta después de {count, plural, one {verla} other {verlas}}.',
		'pick.lastLook': 'Cuidado: {maker} ya retiró una oferta después de tu elección, una vez vista la carta, sin pagar nada. Puede volver a hacerlo: una carta boca abajo que elijas aquí se muestra antes a todos.',
		'pass.heading': 'Pasa el dispositivo a {name}',
		'pass.body': 'Ahora solo debe mirar {name}: a continuación se muestran su mano y sus secretos.',
		'pass.show': 'Soy {name}: mostrar mi mano',
		'pass.setting': 'Todos pueden ver todas las manos en este dispositivo (mesa de aprendizaje)',
	},
};

// Hidden Illuminati (rule option hiddenIlluminati, engine/accusation.ts): the log's sentences and
// the action panel's labels for an accusation and a seat's statement of what it plays with.
export default {
	en: {
		'log.accuse.right': '{who} {whoN, select, one {accuses} other {accuse}} {target} of being {card}: right, that Illuminati now plays face up.',
		'log.accuse.wrong': '{who} {whoN, select, one {accuses} other {accuse}} {target} of being {card}: wrong.',
		'log.state': '{who} {whoN, select, one {plays its} other {play their}} face-down Illuminati with Power {power} and Income {income}.',
		'label.accuse': 'Accuse {player} of being {card}',
		'label.state': 'State your Illuminati’s Power and Income',
	},
	fr: {
		'log.accuse.right': '{who} {whoN, select, one {accuse} other {accusent}} {target} d’être {card} : exact, cet Illuminati joue désormais face visible.',
		'log.accuse.wrong': '{who} {whoN, select, one {accuse} other {accusent}} {target} d’être {card} : faux.',
		'log.state': '{who} {whoN, select, one {joue son} other {jouent leur}} Illuminati dissimulé avec un pouvoir de {power} et un revenu de {income}.',
		'label.accuse': 'Accuser {player} d’être {card}',
		'label.state': 'Annoncer le pouvoir et le revenu de votre Illuminati',
	},
	es: {
		'log.accuse.right': '{who} {whoN, select, one {acusa} other {acusan}} a {target} de ser {card}: acierto, ese Illuminati juega ahora boca arriba.',
		'log.accuse.wrong': '{who} {whoN, select, one {acusa} other {acusan}} a {target} de ser {card}: fallo.',
		'log.state': '{who} {whoN, select, one {juega su} other {juegan su}} Illuminati oculto con Poder {power} e Ingresos {income}.',
		'label.accuse': 'Acusar a {player} de ser {card}',
		'label.state': 'Anunciar el Poder y los Ingresos de tu Illuminati',
	},
};

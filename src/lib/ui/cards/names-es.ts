/**
 * Card names in Spanish. The Spanish rulebook (2007 Spanish printing of the classic edition) names
 * the eight Illuminati, some groups and some Specials in its text: those names are used as it
 * gives them ('rulebook'). Every other name is our own translation ('ours'), made for this game
 * and marked as such, to be replaced if a printed Spanish name turns up.
 *
 * Loaded with the Spanish messages (i18n/index.ts: the game's scripts carry them only in Spanish);
 * the card list's search (filter.ts) imports them in every language.
 *
 * Names carry their article where the English name does ("The Network" → "La Red"): sentences
 * lower-case and contract it ("de El" → "del", names.ts).
 */
import type { CardId } from '../../engine/cards/index.js';

export type SpanishNameSource = 'rulebook' | 'ours';

export interface SpanishName {
	readonly name: string;
	readonly source: SpanishNameSource;
}

const r = (name: string): SpanishName => ({ name, source: 'rulebook' });
const o = (name: string): SpanishName => ({ name, source: 'ours' });

export const SPANISH_NAMES: Readonly<Record<CardId, SpanishName>> = {
	// Illuminati
	'bavarian-illuminati': r('Los Illuminati de Baviera'),
	'bermuda-triangle': r('El Triángulo de las Bermudas'),
	'discordian-society': r('La Sociedad de la Discordia'),
	'gnomes-of-zurich': r('Los Gnomos de Zúrich'),
	network: r('La Red'),
	'servants-of-cthulhu': r('Los Servidores de Cthulhu'),
	'society-of-assassins': r('La Sociedad de los Asesinos'),
	ufos: r('Los OVNIs'),
	// Groups
	'american-autoduel-association': o('Asociación Americana de Autoduelo'),
	'anti-nuclear-activists': o('Activistas Antinucleares'),
	'antiwar-activists': r('Activistas Pacifistas'),
	'big-media': o('Grandes Medios'),
	'boy-sprouts': r('Jóvenes Explotadores'),
	'cfl-aio': o('CFL-AIO'),
	cia: r('CIA'),
	california: o('California'),
	'chinese-campaign-donors': o('Donantes Chinos de Campaña'),
	'clone-arrangers': o('Organizadores de Clones'),
	'comic-books': o('Cómics'),
	'congressional-wives': r('Esposas de Congresistas'),
	'convenience-stores': o('Tiendas 24 Horas'),
	'copy-shops': o('Copisterías'),
	'cycle-gangs': r('Bandas de Moteros'),
	democrats: r('Demócratas'),
	'eco-guerrillas': o('Ecoguerrilleros'),
	'empty-vee': o('Tele Vacía'),
	'evil-geniuses-for-a-better-tomorrow': o('Genios Malvados por un Mañana Mejor'),
	fbi: o('FBI'),
	'fast-food-chains': o('Cadenas de Comida Rápida'),
	'federal-reserve': o('Reserva Federal'),
	feminists: o('Feministas'),
	'fiendish-fluoridators': o('Fluoradores Diabólicos'),
	'flat-earthers': o('Terraplanistas'),
	'fnord-motor-company': o('Fnord Motor Company'),
	'fraternal-orders': o('Órdenes Fraternales'),
	'girlie-magazines': o('Revistas para Caballeros'),
	'goldfish-fanciers': o('Aficionados a los Peces de Colores'),
	'gun-lobby': o('Lobby de las Armas'),
	hackers: o('Hackers'),
	'health-food-stores': o('Tiendas de Dietética'),
	hollywood: o('Hollywood'),
	irs: r('I.R.S.'),
	intellectuals: o('Intelectuales'),
	'international-cocaine-smugglers': r('Traficantes Internacionales de Cocaína'),
	'international-communist-conspiracy': r('Conspiración Comunista Internacional'),
	'junk-mail': o('Correo Basura'),
	kgb: r('KGB'),
	kkk: r('Ku Klux Klan'),
	'l-4-society': o('Sociedad L-4'),
	libertarians: o('Libertarios'),
	'loan-sharks': o('Usureros'),
	'local-police-departments': o('Policías Locales'),
	'madison-avenue': o('Madison Avenue'),
	militia: o('Milicia'),
	moonies: o('Moonies'),
	'moral-minority': o('Minoría Moral'),
	morticians: o('Funerarias'),
	'multinational-oil-companies': r('Multinacionales del Petróleo'),
	'nephews-of-god': o('Sobrinos de Dios'),
	'new-york': o('Nueva York'),
	'nuclear-power-companies': o('Compañías Nucleares'),
	'orbital-mind-control-lasers': r('Láseres Orbitales de Control Mental'),
	'parent-teacher-agglomeration': o('Aglomeración de Padres y Profesores'),
	pentagon: o('Pentágono'),
	'phone-phreaks': o('Phreakers Telefónicos'),
	'post-office': r('Servicio Postal'),
	'professional-sports': o('Deporte Profesional'),
	psychiatrists: o('Psiquiatras'),
	'punk-rockers': o('Punkis'),
	recyclers: o('Recicladores'),
	republicans: r('Republicanos'),
	'robot-sea-monsters': o('Monstruos Marinos Robot'),
	smof: r('Amos Secretos del Fandom'),
	'science-fiction-fans': r('Aficionados a la Ciencia Ficción'),
	'semiconscious-liberation-army': r('Ejército de Liberación Semiconsciente'),
	'society-for-creative-anarchism': o('Sociedad para el Anarquismo Creativo'),
	'south-american-nazis': r('Nazis Sudamericanos'),
	survivalists: o('Supervivencialistas'),
	'tv-preachers': o('Telepredicadores'),
	tabloids: o('Prensa Amarilla'),
	texas: r('Texas'),
	mafia: r('La Mafia'),
	'men-in-black': o('Los Hombres de Negro'),
	'phone-company': o('La Compañía Telefónica'),
	'united-nations': o('Las Naciones Unidas'),
	'tobacco-and-liquor-companies': o('Tabacaleras y Licoreras'),
	trekkies: o('Trekkies'),
	'triliberal-commission': o('Comisión Triliberal'),
	'underground-newspapers': o('Prensa Clandestina'),
	'video-games': o('Videojuegos'),
	yuppies: r('Yuppies'),
	// Specials
	assassination: r('Asesinato'),
	bribery: r('Soborno'),
	'computer-espionage': o('Espionaje Informático'),
	'deep-agent': r('Agente Infiltrado'),
	'interference-1': o('Interferencia'),
	'interference-2': o('Interferencia'),
	'market-manipulation': r('Manipular el Mercado'),
	'media-campaign': r('Campaña Mediática'),
	'murphys-law': r('Ley de Murphy'),
	'secrets-man-was-not-meant-to-know': r('Secretos que el hombre no debía conocer'),
	'senate-investigating-committee': o('Comisión de Investigación del Senado'),
	'slush-fund': o('Fondo Reservado'),
	'swiss-bank-account': o('Cuenta en Suiza'),
	'whispering-campaign': r('Campaña de Rumores'),
	'white-collar-crime': o('Delito de Guante Blanco'),
	// The French add-on's illuminated groups (no Spanish text has them)
	'illuminated-mafia': o('La Mafia Iluminada'),
	'illuminated-phone-company': o('La Compañía Telefónica Iluminada'),
	'illuminated-oil-companies': o('Las Multinacionales del Petróleo Iluminadas'),
	'illuminated-post-office': o('El Servicio Postal Iluminado'),
	'illuminated-communist-conspiracy': o('La Conspiración Comunista Internacional Iluminada'),
	// Hidden Illuminati stand-ins (engine/cards/face-down.ts)
	...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`face-down-illuminati-${i + 1}`, o(`Illuminati oculto ${i + 1}`)])),
};

export default SPANISH_NAMES;

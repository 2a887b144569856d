/**
 * French text built around names: "de" is elided before a vowel ("la fiche d’Élodie Durand", "Offres sociales
 * d’Emmaüs"), as anyone writing it by hand would. An initial "h" is left alone: whether it is mute cannot be told from
 * the letters ("d’Hélène" but "de Hugues" are both heard). A "y" before a vowel sounds as a consonant ("de Yanis"), before
 * a consonant as a vowel ("d’Yvetot").
 */
const VOWEL = /^([aeiouàâäéèêëîïôöùûüœæ]|y[^aeiouyàâäéèêëîïôöùûü])/i

/** "de Romain Leroy", "d’Élodie Durand": "de" and the name, elided before a vowel. */
export function ofName(name: string): string {
  return VOWEL.test(name.trim()) ? `d’${name.trim()}` : `de ${name}`
}

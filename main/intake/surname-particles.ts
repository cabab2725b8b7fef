/** Words that stand in surnames before the name itself ("van der Berg", "de la Cruz"), folded to lower case. */
export const surnameParticles: ReadonlySet<string> = new Set(['de', 'del', 'la', 'las', 'los', 'van', 'von', 'der', 'den', 'da', 'di', 'du', 'le', 'y', 'bin', 'ibn', 'al', 'zu', 'ten', 'ter']);

/**
 * Where Knooppunt serves 'Koppelen met Knooppunt', the guide for participants' developers
 * (docs/koppelen.md, decision 0039): the server renders it there, the portal links to it.
 */
export const KOPPELEN_PATH = '/docs/koppelen';

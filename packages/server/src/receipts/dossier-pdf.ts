import PDFDocument from 'pdfkit';
import { decodeProtectedHeader } from 'jose';
import type { DossierFile } from './dossier-format';

/**
 * The readable PDF of an evidence file (decision 0062): the same content for a person — the order,
 * each message with its times, hash and receipt, the manual actions — and how to check the JSON,
 * which is the evidence. PDFKit's built-in Helvetica (no font files to ship) writes WinAnsi: a
 * character beyond it is written as its base letter, else '?'.
 */
export function dossierPdf(file: DossierFile): Promise<Buffer> {
  const { bewijsdossier: dossier } = file;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Bewijsdossier opdracht ${dossier.opdracht.opdrachtId}`, Author: 'Knooppunt', Creator: 'Knooppunt' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const grey = '#5b6678';
  const text = (value: string) => winAnsi(value);
  const heading = (value: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#1b2433').text(text(value));
  const row = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(grey)
      .text(text(`${label}: `), { continued: true })
      .font('Helvetica')
      .fillColor('#1b2433')
      .text(text(value));

  const o = dossier.opdracht;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#1b2433')
    .text(text(`Bewijsdossier opdracht ${o.opdrachtId}`));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(grey)
    .text(text(`Opgesteld door Knooppunt op ${when(dossier.opgesteld)} (${dossier.omgeving}).`));

  heading('Opdracht');
  row('Opdracht ID', o.opdrachtId);
  row('Stroom', o.flow === 'hoofdnet' ? 'Hoofdnet' : 'Aansluiting');
  row('Opdrachtgever', o.opdrachtgever);
  row('Opdrachtnemer', o.opdrachtnemer);
  row('Status', `${o.status} ${o.statusText}${o.inError ? ' (in error)' : ''}`);
  row('Aangemaakt', when(o.created));
  row('Gewijzigd', when(o.changed));

  heading(`Berichten (${dossier.berichten.length})`);
  dossier.berichten.forEach((bericht, index) => {
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10).fillColor('#1b2433');
    doc.text(text(`${index + 1}. ${bericht.type}: ${bericht.sender} -> ${bericht.receiver}`));
    row('Bericht ID', bericht.id);
    row('Geaccepteerd', when(bericht.acceptedAt));
    row(
      'Afgeleverd',
      bericht.deliveredAt
        ? when(bericht.deliveredAt)
        : `nog niet${bericht.attempts > 0 ? ` (${bericht.attempts} mislukte pogingen)` : ''}`,
    );
    if (bericht.lastError) row('Laatste fout', bericht.lastError);
    if (bericht.statusText) row('Status daarna', `${bericht.status ?? ''} ${bericht.statusText}`.trim());
    if (bericht.bodySha256) row('SHA-256 van de inhoud', bericht.bodySha256);
    if (bericht.payloadRemovedAt) row('Inhoud verwijderd', `${when(bericht.payloadRemovedAt)} (bewaartermijn)`);
    if (bericht.receipt) {
      const { claims } = bericht.receipt;
      row(
        'Ontvangstbewijs',
        `HTTP ${claims.status}, poging ${claims.attempt}, ondertekend (sleutel ${kidOf(bericht.receipt.batch)})`,
      );
    } else {
      row('Ontvangstbewijs', bericht.deliveredAt ? 'geen (niet via HTTP afgeleverd)' : 'nog niet afgeleverd');
    }
  });

  if (dossier.leveringen.length > 0) {
    heading(`Leveringen (${dossier.leveringen.length})`);
    for (const levering of dossier.leveringen) {
      row(String(levering.leveringId), `${String(levering.type)}, ${String(levering.statusText)}`);
    }
  }
  heading(`Handmatige acties (${dossier.acties.length})`);
  if (dossier.acties.length === 0) doc.font('Helvetica').fontSize(9).fillColor(grey).text('Geen.');
  for (const actie of dossier.acties)
    row(when(String(actie.at)), `${String(actie.actionText)} door ${String(actie.actor)}`);

  heading('Controleren');
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#1b2433')
    .text(
      text(
        'Dit PDF is de leesbare weergave. Het bewijs is het JSON-bestand van hetzelfde dossier: het is als geheel ' +
          `ondertekend (sleutel ${kidOf(file.handtekening)}), elk ontvangstbewijs afzonderlijk. Controleer het met ` +
          '"npm run knooppunt -- verify <bestand>.json --sleutels <sleutels>", met de gepubliceerde sleutels van ' +
          `Knooppunt: ${dossier.sleutelsUrl}.`,
      ),
    );
  doc.end();
  return done;
}

const kidOf = (jws: string) => decodeProtectedHeader(jws).kid ?? '?';

/** A time as the portal shows it: Dutch, Europe/Amsterdam, with seconds. */
function when(iso: string): string {
  return new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(new Date(iso));
}

// The Unicode characters WinAnsi (Windows-1252) holds above Latin-1's control range.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text Helvetica can write: WinAnsi as it is, other letters without their accents, else '?'. */
export function winAnsi(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (char === '\n') out += char;
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

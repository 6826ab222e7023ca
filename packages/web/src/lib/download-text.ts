/**
 * Saves `text` as a file called `fileName`: a Blob behind an object URL and a link with
 * `download`, clicked once (no script of our own on a page, which the CSP would refuse).
 */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // In the document while clicked: not every browser follows a link that is not.
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

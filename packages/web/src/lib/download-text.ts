/**
 * Saves `content` as a file called `fileName`: a Blob behind an object URL and a link with
 * `download`, clicked once (no script of our own on a page, which the CSP would refuse).
 */
export function downloadFile(fileName: string, content: Blob): void {
  const url = URL.createObjectURL(content);
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

/** Saves `text` as a file called `fileName` (downloadFile). */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  downloadFile(fileName, new Blob([text], { type }));
}

// The writer is shared with the server's reports; the download is the browser's own.
export { BOM, csvText } from '@/schema-runtime/csv-text';

/** Makes the browser download `text` as `fileName` (a CSV in UTF-8). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

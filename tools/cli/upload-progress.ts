/**
 * The words of `scenario publish`'s upload progress: both sizes in the unit that fits the file
 * (bytes, KB or MB, decided by its total), so a small upload never reads "0.00 of 0.00 MB", and
 * an empty file says so instead of a fraction.
 */
const KB = 1024;
const MB = 1024 * 1024;

/** "client.zip 45% (1.2 of 2.6 MB)", "logic.js 100% (3.4 of 3.4 KB)", "logic.js (empty)". */
export function uploadProgressLine(file: string, sent: number, total: number): string {
  if (total <= 0) return `uploading ${file} (empty)`;
  const percent = Math.min(100, Math.floor((sent / total) * 100));
  return `uploading ${file} ${percent}% (${sizes(sent, total)})`;
}

function sizes(sent: number, total: number): string {
  if (total < KB) return `${sent} of ${total} bytes`;
  if (total < MB) return `${(sent / KB).toFixed(1)} of ${(total / KB).toFixed(1)} KB`;
  return `${(sent / MB).toFixed(2)} of ${(total / MB).toFixed(2)} MB`;
}

/** Which quarter of the upload `sent` is in (0-4): a log without a terminal gets one line per quarter. */
export function progressStep(sent: number, total: number): number {
  return total <= 0 ? 4 : Math.floor(Math.min(1, sent / total) * 4);
}

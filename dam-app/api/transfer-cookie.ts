/**
 * The transfer cookie of R-TRANSFER-COOKIE: comma-separated, in this order — user name, upload time, number of files, upload
 * directory, final directory (empty for downloads); completed file paths are appended after an upload. A comma or
 * percent sign inside a value is percent-encoded, so folder names with commas survive the round trip.
 */
export interface TransferCookie {
  userName: string;
  uploadTime: string;
  fileCount: number;
  uploadDirectory: string;
  finalDirectory: string;
  completedPaths: string[];
}

const encode = (value: string) => value.replace(/%/g, '%25').replace(/,/g, '%2C');
const decode = (value: string) => value.replace(/%2C/gi, ',').replace(/%25/g, '%');

export function formatTransferCookie(cookie: TransferCookie): string {
  return [
    cookie.userName,
    cookie.uploadTime,
    String(cookie.fileCount),
    cookie.uploadDirectory,
    cookie.finalDirectory,
    ...cookie.completedPaths,
  ]
    .map(encode)
    .join(',');
}

/** The cookie's fields, or undefined when it is not one of ours (too few fields, a count that is not a number). */
export function parseTransferCookie(text: string): TransferCookie | undefined {
  const fields = text.split(',').map(decode);
  if (fields.length < 5) return undefined;
  const [
    userName = '',
    uploadTime = '',
    count = '',
    uploadDirectory = '',
    finalDirectory = '',
    ...completedPaths
  ] = fields;
  if (!/^\d+$/.test(count) || userName === '') return undefined;
  return { userName, uploadTime, fileCount: Number(count), uploadDirectory, finalDirectory, completedPaths };
}

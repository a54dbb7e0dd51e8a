/** One JPEG per page, each page the image's size at 72 dpi: enough PDF for a contact sheet. */
export function jpegPagesToPdf(pages: { jpeg: Buffer; width: number; height: number }[]): Buffer {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    chunks.push(buffer);
    length += buffer.length;
  };
  const object = (number: number, body: () => void) => {
    offsets[number] = length;
    push(`${number} 0 obj\n`);
    body();
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  // 1: catalog, 2: pages, then per page: page, contents, image.
  const pageNumbers = pages.map((_, index) => 3 + index * 3);
  object(1, () => push('<< /Type /Catalog /Pages 2 0 R >>'));
  object(2, () =>
    push(`<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pages.length} >>`),
  );
  pages.forEach((page, index) => {
    const [pageRef, contentRef, imageRef] = [3 + index * 3, 4 + index * 3, 5 + index * 3];
    object(pageRef, () =>
      push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents ${contentRef} 0 R ` +
          `/Resources << /XObject << /Im0 ${imageRef} 0 R >> >> >>`,
      ),
    );
    const drawing = `q ${page.width} 0 0 ${page.height} 0 0 cm /Im0 Do Q`;
    object(contentRef, () => push(`<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`));
    object(imageRef, () => {
      push(
        `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB ` +
          `/BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>\nstream\n`,
      );
      push(page.jpeg);
      push('\nendstream');
    });
  });
  const xref = length;
  const count = 3 + pages.length * 3;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let number = 1; number < count; number++)
    push(`${String(offsets[number]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

// A tiny layout helper over pdfkit for drawing filled-in certificate forms the way
// fillable PDFs look once completed: a label, then the typed value on the same line;
// blank fields are underscores; check boxes are boxes with an "X" typed inside.
import PDFDocument from "pdfkit";

export interface Field {
  readonly label: string;
  /** null draws an empty fill-in line. */
  readonly value: string | null;
}

export interface SignatureBlock {
  /** "conformed" types "/s/ Name"; "script" writes the name in italics; "blank" leaves the line empty. */
  readonly style: "conformed" | "script" | "blank";
  readonly name: string;
  readonly title: string;
  /** Date next to the signature, as printed; null leaves it blank. */
  readonly date: string | null;
}

export interface FormWriter {
  title(text: string, size?: number): FormWriter;
  small(text: string): FormWriter;
  paragraph(text: string, size?: number): FormWriter;
  fields(...fields: Field[]): FormWriter;
  /** Labels on one row and the values under them, as on forms printed by an agency. */
  labelsOver(cells: ReadonlyArray<{ label: string; value: string }>): FormWriter;
  checkboxes(items: ReadonlyArray<{ label: string; checked: boolean }>, perRow: number): FormWriter;
  signature(block: SignatureBlock): FormWriter;
  gap(points: number): FormWriter;
  newPage(): FormWriter;
}

const left = 54;
const pageWidth = 612 - 2 * left;

/** Draws with `draw` and returns the finished PDF's bytes. */
export function writePdf(draw: (form: FormWriter) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: left,
    info: { Producer: "levy test corpus", CreationDate: new Date(Date.UTC(2026, 0, 1)) },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  draw(createFormWriter(doc));
  doc.end();
  return done;
}

function createFormWriter(doc: PDFKit.PDFDocument): FormWriter {
  let y = left;
  const writer: FormWriter = {
    title(text, size = 15) {
      doc.font("Helvetica-Bold").fontSize(size).text(text, left, y, { width: pageWidth });
      y = doc.y + 6;
      return writer;
    },
    small(text) {
      doc.font("Helvetica").fontSize(8).text(text, left, y, { width: pageWidth });
      y = doc.y + 4;
      return writer;
    },
    paragraph(text, size = 10) {
      doc.font("Helvetica").fontSize(size).text(text, left, y, { width: pageWidth, lineGap: 2 });
      y = doc.y + 8;
      return writer;
    },
    fields(...fields) {
      const width = pageWidth / fields.length;
      fields.forEach((field, index) => {
        const x = left + index * width;
        doc.font("Helvetica").fontSize(10).text(`${field.label}:`, x, y, { lineBreak: false });
        const valueX = x + doc.widthOfString(`${field.label}:`) + 5;
        if (field.value === null) {
          doc
            .moveTo(valueX, y + 10)
            .lineTo(x + width - 10, y + 10)
            .lineWidth(0.5)
            .stroke();
        } else {
          doc.font("Helvetica-Bold").fontSize(10).text(field.value, valueX, y, { lineBreak: false });
        }
      });
      y += 22;
      return writer;
    },
    labelsOver(cells) {
      const width = pageWidth / cells.length;
      cells.forEach((cell, index) => {
        doc
          .font("Helvetica")
          .fontSize(9)
          .text(cell.label, left + index * width, y, { lineBreak: false });
        doc
          .font("Helvetica-Bold")
          .fontSize(10)
          .text(cell.value, left + index * width, y + 14, { lineBreak: false });
      });
      y += 36;
      return writer;
    },
    checkboxes(items, perRow) {
      const width = pageWidth / perRow;
      items.forEach((item, index) => {
        const x = left + (index % perRow) * width;
        const rowY = y + Math.floor(index / perRow) * 20;
        doc
          .lineWidth(0.8)
          .rect(x, rowY - 1, 11, 11)
          .stroke();
        if (item.checked)
          doc
            .font("Helvetica-Bold")
            .fontSize(10)
            .text("X", x + 2.5, rowY, { lineBreak: false });
        doc
          .font("Helvetica")
          .fontSize(10)
          .text(item.label, x + 16, rowY, { lineBreak: false });
      });
      y += Math.ceil(items.length / perRow) * 20 + 6;
      return writer;
    },
    signature(block) {
      const fields: Field[] = [
        { label: "Title", value: block.title },
        { label: "Date", value: block.date },
      ];
      doc.font("Helvetica").fontSize(10).text("Signature of authorized purchaser:", left, y, { lineBreak: false });
      const x = left + doc.widthOfString("Signature of authorized purchaser:") + 8;
      if (block.style === "conformed")
        doc.font("Helvetica-Bold").fontSize(10).text(`/s/ ${block.name}`, x, y, { lineBreak: false });
      else if (block.style === "script")
        doc
          .font("Times-BoldItalic")
          .fontSize(13)
          .text(block.name, x, y - 2, { lineBreak: false });
      else
        doc
          .moveTo(x, y + 10)
          .lineTo(x + 200, y + 10)
          .lineWidth(0.5)
          .stroke();
      y += 24;
      writer.fields({ label: "Print name", value: block.name }, ...fields);
      return writer;
    },
    gap(points) {
      y += points;
      return writer;
    },
    newPage() {
      doc.addPage();
      y = left;
      return writer;
    },
  };
  return writer;
}

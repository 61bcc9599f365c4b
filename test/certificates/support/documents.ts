// Test documents with real magic numbers and structure (a one-page PDF, a PNG with IHDR,
// tEXt, IDAT and IEND chunks, a JFIF JPEG), each carrying the manifest the test reader
// parses (manifest-reader.mjs).
import { crc32, deflateSync } from "node:zlib";

export interface ManifestCertificate {
  certificateType: string;
  jurisdictions: string[];
  buyerName: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  signed: boolean;
  missing: string[];
}

export interface Manifest {
  certificates?: ManifestCertificate[];
  not_a_certificate?: string;
  fail?: string;
  delay_ms?: number;
  /** The reader appends a line to this file when it starts reading. */
  started_file?: string;
  expect_kind?: "pdf" | "png" | "jpeg";
  /** Makes otherwise equal documents differ. */
  nonce?: string;
}

const marker = (manifest: Manifest) =>
  `LEVY-TEST-MANIFEST:${Buffer.from(JSON.stringify(manifest)).toString("base64")}:END-MANIFEST`;

export function makePdf(manifest: Manifest, title = "Streamlined Sales Tax Certificate of Exemption"): Buffer {
  const stream = `BT /F1 14 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = `%PDF-1.4\n% ${marker(manifest)}\n`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function makePng(manifest: Manifest, width = 8, height = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0xff);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("tEXt", Buffer.from(`Comment\u0000${marker(manifest)}`, "latin1")),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export function makeJpeg(manifest: Manifest): Buffer {
  const comment = Buffer.from(marker(manifest), "latin1");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    Buffer.from([0xff, 0xfe]),
    length,
    comment,
    Buffer.from([0xff, 0xd9]),
  ]);
}

export const sstCertificate = (
  jurisdictions: string[],
  extra: Partial<ManifestCertificate> = {},
): ManifestCertificate => ({
  certificateType: "multistate_sst",
  jurisdictions,
  buyerName: "Acme Wholesale LLC",
  issuedOn: "2026-01-15",
  expiresOn: null,
  signed: true,
  missing: [],
  ...extra,
});

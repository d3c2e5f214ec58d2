/**
 * Small PDF documents for the seeded onboarding agreements (table `agreements`, column `content`;
 * GET /v1/agreements/:id/file), rendered with pdfkit in the standard Helvetica fonts (no font
 * files, WinAnsi text). The creation date is fixed, so the same input gives the same bytes (the
 * file identifier pdfkit writes is derived from the document information).
 */
import PDFDocument from "pdfkit";

/** One section of an agreement: an optional heading and its paragraphs. */
export interface AgreementSection {
  heading?: string;
  paragraphs: string[];
}

/** What an agreement's PDF says. */
export interface AgreementText {
  title: string;
  version: string;
  /** yyyy-mm-dd: shown as "Effective from" and used as the PDF's creation date. */
  effectiveFrom: string;
  sections: AgreementSection[];
}

/** Line under the title of every seeded agreement: these are a demonstration bank's documents. */
export const SAMPLE_NOTICE = "Sample document of a demonstration bank. It is not an offer and creates no legal obligation.";

/**
 * Render an agreement as an A4 PDF (title, version and date, notice, numbered sections).
 * @returns the PDF file's bytes (starts with `%PDF-`, ends with `%%EOF`)
 */
export function renderAgreementPdf(text: AgreementText): Promise<Uint8Array> {
  const date = new Date(`${text.effectiveFrom}T00:00:00Z`);
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: text.title, Subject: `Version ${text.version}`, Author: "Bank", CreationDate: date, ModDate: date },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(18).text(text.title);
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).fillColor("#444444").text(`Version ${text.version}, effective from ${text.effectiveFrom}`);
  doc.text(SAMPLE_NOTICE);
  doc.fillColor("#000000");
  text.sections.forEach((section, i) => {
    doc.moveDown(1);
    if (section.heading)
      doc
        .font("Helvetica-Bold")
        .fontSize(12)
        .text(`${i + 1}. ${section.heading}`)
        .moveDown(0.3);
    doc.font("Helvetica").fontSize(10.5);
    for (const p of section.paragraphs) doc.text(p, { align: "left" }).moveDown(0.5);
  });
  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import type { CertificateRow } from './course-completion.ts';

/**
 * The certificate as a one-page landscape A4 PDF (pdfkit, built-in Helvetica: no font files). A
 * revoked certificate says so across the page; a hidden name reads "A Candlewise learner".
 */
export function certificatePdf(row: CertificateRow, pageUrl: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 56,
      info: { Title: `Certificate: ${row.courseTitle}`, Author: 'Candlewise' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    const inner = width - 112;
    doc
      .lineWidth(3)
      .strokeColor('#1f4e79')
      .rect(28, 28, width - 56, height - 56)
      .stroke();
    doc
      .lineWidth(1)
      .rect(36, 36, width - 72, height - 72)
      .stroke();

    doc.fillColor('#1f4e79').font('Helvetica-Bold').fontSize(14);
    doc.text('CANDLEWISE', 56, 72, { width: inner, align: 'center', characterSpacing: 4 });
    doc.fillColor('#111111').font('Helvetica-Bold').fontSize(34);
    doc.text('Certificate of completion', 56, 110, { width: inner, align: 'center' });
    doc.font('Helvetica').fontSize(14).fillColor('#444444');
    doc.text('This certifies that', 56, 175, { width: inner, align: 'center' });
    doc.font('Helvetica-Bold').fontSize(28).fillColor('#111111');
    doc.text(row.nameHidden ? 'A Candlewise learner' : row.learnerName, 56, 200, {
      width: inner,
      align: 'center',
    });
    doc.font('Helvetica').fontSize(14).fillColor('#444444');
    doc.text('completed the course', 56, 248, { width: inner, align: 'center' });
    doc.font('Helvetica-Bold').fontSize(22).fillColor('#1f4e79');
    doc.text(row.courseTitle, 56, 272, { width: inner, align: 'center' });

    const summary = row.scoreSummary;
    const lines = [`Lessons watched: ${summary.lessonsWatched} of ${summary.lessonCount}`];
    for (const quiz of summary.quizzes) {
      lines.push(`Quiz "${quiz.title}": best ${quiz.bestPercent === null ? 'n/a' : `${quiz.bestPercent} %`}`);
    }
    for (const drill of summary.drills) {
      lines.push(`Drill "${drill.title}": best ${drill.bestR === null ? 'n/a' : `${drill.bestR} R`}`);
    }
    doc.font('Helvetica').fontSize(11).fillColor('#333333');
    doc.text(lines.slice(0, 8).join('\n'), 56, 330, { width: inner, align: 'center' });

    const issued = row.issuedAt.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    doc.fontSize(11).fillColor('#444444');
    doc.text(`Issued ${issued}  ·  Certificate ${row.id}`, 56, height - 110, {
      width: inner,
      align: 'center',
    });
    doc.text(`Check it at ${pageUrl}`, 56, height - 92, { width: inner, align: 'center' });

    if (row.revokedAt) {
      doc.save();
      doc.rotate(-20, { origin: [width / 2, height / 2] });
      doc.font('Helvetica-Bold').fontSize(90).fillColor('#c0392b').opacity(0.35);
      doc.text('REVOKED', 0, height / 2 - 50, { width, align: 'center' });
      doc.restore();
    }
    doc.end();
  });
}

import { useParams } from 'react-router';
import { AdaptivePage } from '@/components/adaptive-page/adaptive-page';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { certificatePdfUrl, type PublicCertificate, useCertificate } from '../api/get-certificate';
import './certificate.css';

/**
 * /certificates/:id, public (no sign-in, no antd): a course certificate anyone with the link can
 * check. It prints on one A4 or Letter page; a revoked certificate says so at the top and across it.
 */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  usePageTitle(certificate.data ? `Certificate: ${certificate.data.courseTitle}` : 'Certificate');
  return (
    <AdaptivePage>
      <main className="cw-certificate-page">
        {certificate.status === 'pending' ? (
          <p className="cw-certificate-page__status" role="status">
            Loading the certificate…
          </p>
        ) : certificate.status === 'error' ? (
          <CertificateError error={certificate.error} onRetry={certificate.refetch} />
        ) : (
          <CertificateView certificate={certificate.data} />
        )}
      </main>
    </AdaptivePage>
  );
}

function CertificateError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="cw-certificate-page__status" role="alert">
        <h1>Certificate not found</h1>
        <p>{error.message}</p>
        <p>Check the address: a certificate's link is long and every character counts.</p>
      </div>
    );
  }
  return (
    <div className="cw-certificate-page__status" role="alert">
      <h1>We could not load this certificate</h1>
      <p>{error instanceof Error ? error.message : 'Please try again.'}</p>
      <button type="button" className="cw-certificate-page__button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function CertificateView({ certificate }: { certificate: PublicCertificate }) {
  const { scoreSummary: summary } = certificate;
  return (
    <>
      {certificate.revoked ? (
        <div className="cw-certificate-page__revoked" role="alert">
          <strong>This certificate was revoked</strong>
          {certificate.revokedAt ? ` on ${longDate(certificate.revokedAt)}` : ''}.
          {certificate.revokedReason ? ` Reason: ${certificate.revokedReason}` : ''}
        </div>
      ) : null}
      <article
        className={`cw-certificate${certificate.revoked ? ' cw-certificate--revoked' : ''}`}
        aria-labelledby="cw-certificate-title"
      >
        {certificate.revoked ? (
          <span className="cw-certificate__stamp" aria-hidden="true">
            Revoked
          </span>
        ) : null}
        <p className="cw-certificate__brand">Candlewise</p>
        <h1 id="cw-certificate-title" className="cw-certificate__title">
          Certificate of completion
        </h1>
        <p className="cw-certificate__lead">This certifies that</p>
        <p className="cw-certificate__name">{certificate.learnerName ?? 'A Candlewise learner'}</p>
        <p className="cw-certificate__lead">completed the course</p>
        <p className="cw-certificate__course">{certificate.courseTitle}</p>
        <dl className="cw-certificate__scores">
          <div>
            <dt>Lessons watched</dt>
            <dd>
              {summary.lessonsWatched} of {summary.lessonCount}
            </dd>
          </div>
          {summary.quizzes.map((quiz) => (
            <div key={`quiz-${quiz.title}`}>
              <dt>Quiz: {quiz.title}</dt>
              <dd>{quiz.bestPercent === null ? '—' : `best ${quiz.bestPercent} %`}</dd>
            </div>
          ))}
          {summary.drills.map((drill) => (
            <div key={`drill-${drill.title}`}>
              <dt>Drill: {drill.title}</dt>
              <dd>{drill.bestR === null ? '—' : `best ${drill.bestR} R`}</dd>
            </div>
          ))}
        </dl>
        <p className="cw-certificate__issued">
          Issued {longDate(certificate.issuedAt)} · Certificate{' '}
          <span className="cw-certificate__id">{certificate.id}</span>
        </p>
      </article>
      <div className="cw-certificate-page__actions">
        <a className="cw-certificate-page__button" href={certificatePdfUrl(certificate.id)} download>
          Download PDF
        </a>
        <button type="button" className="cw-certificate-page__button" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </>
  );
}

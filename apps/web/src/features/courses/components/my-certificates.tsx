import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Switch, Tag } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { certificatePdfUrl } from '../api/get-certificate';
import {
  type MyCertificate,
  useMyCertificates,
  useSetCertificateNameHidden,
} from '../api/get-my-certificates';
import './course-requirements.css';

/** The learner's certificates (issue #42), for the learning hub: open, download, hide the name. */
export function MyCertificates({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const certificates = useMyCertificates();
  const Heading = headingLevel;
  const headingId = useId();
  return (
    <section className="cw-hub__section" aria-labelledby={headingId}>
      <Heading id={headingId} className="cw-hub__heading">
        <SafetyCertificateOutlined aria-hidden="true" /> Certificates
      </Heading>
      {certificates.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : certificates.error ? (
        <Alert
          type="error"
          showIcon
          title="We could not load your certificates"
          description={certificates.error.message}
          action={<Button onClick={() => void certificates.refetch()}>Try again</Button>}
        />
      ) : certificates.data.length === 0 ? (
        <Empty description="Complete a course to earn its certificate. It will appear here." />
      ) : (
        <ul className="cw-certificates-list">
          {certificates.data.map((certificate) => (
            <CertificateItem key={certificate.id} certificate={certificate} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CertificateItem({ certificate }: { certificate: MyCertificate }) {
  const setHidden = useSetCertificateNameHidden();
  const switchId = useId();
  const issued = new Date(certificate.issuedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <li className="cw-certificates-list__item">
      <div>
        <strong>{certificate.courseTitle}</strong>{' '}
        {certificate.revoked ? <Tag color="red">Revoked</Tag> : null}
        <div className="cw-certificates-list__meta">Issued {issued}</div>
      </div>
      <div className="cw-certificates-list__actions">
        <Link to={`/certificates/${certificate.id}`}>Open</Link>
        <a href={certificatePdfUrl(certificate.id)} download>
          PDF
        </a>
        <span>
          <Switch
            id={switchId}
            size="small"
            checked={certificate.nameHidden}
            loading={setHidden.isPending}
            onChange={(nameHidden) =>
              setHidden.mutate(
                { id: certificate.id, nameHidden },
                {
                  onSuccess: () =>
                    toast.success(
                      nameHidden
                        ? 'Your name is hidden on the public page.'
                        : 'Your name shows on the public page.',
                    ),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          />{' '}
          <label htmlFor={switchId}>Hide my name</label>
        </span>
      </div>
    </li>
  );
}

import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { PlainButton } from '@/components/plain/plain-button';
import { SvgIcon } from '@/components/svg-icon/svg-icon';

/**
 * /journal's heading, what the page is for, and its two actions. The page and its first view drawn
 * at build time (app/signed-in-shells.tsx, without the actions) share it; the description is
 * /journal's largest paint.
 */
export function JournalHeader({
  onWriteToday,
  withActions = true,
}: {
  onWriteToday?: () => void;
  /** Without them in the first view drawn at build time, where they could not work yet. */
  withActions?: boolean;
}) {
  return (
    <>
      <PageHeader
        title="Journal"
        description="Your trading diary: each day's reflections, emotions and linked trades, with statistics that show what is working and what is not."
      />
      {withActions ? (
        <div className="cw-journal-actions">
          <PlainButton variant="primary" icon={<SvgIcon icon={EditOutlined} />} onClick={onWriteToday}>
            Write today's entry
          </PlainButton>
          <Link to="/connectbroker" className="cw-journal-actions__link">
            <SvgIcon icon={ApiOutlined} /> Connect a broker to import trades automatically
          </Link>
        </div>
      ) : null}
    </>
  );
}

import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { useEffect, useState } from 'react';
import { PlainButton } from '@/components/plain/plain-button';
import { SvgIcon } from '@/components/svg-icon/svg-icon';
import { apiClient } from '@/lib/api-client';

/** A screenshot is served to its owner only, so it is fetched with the token and shown from memory. */
export function ScreenshotThumbnail({
  url,
  index,
  onDelete,
  deleting,
}: {
  url: string;
  index: number;
  onDelete: () => void;
  deleting: boolean;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiClient
      .getBlob(url.replace(/^\/api\/v1/, ''), { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSource(objectUrl);
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <figure className="cw-journal-shot">
      {source ? (
        <a href={source} target="_blank" rel="noreferrer">
          <img src={source} alt={`Screenshot ${index + 1}`} />
        </a>
      ) : (
        <div className="cw-journal-shot__placeholder">{failed ? 'Could not load' : 'Loading…'}</div>
      )}
      {/* As antd's small icon-only danger button (journal.css). */}
      <PlainButton
        variant="danger"
        className="cw-journal-shot__remove"
        icon={<SvgIcon icon={DeleteOutlined} />}
        loading={deleting}
        onClick={onDelete}
        aria-label={`Remove screenshot ${index + 1}`}
      />
    </figure>
  );
}

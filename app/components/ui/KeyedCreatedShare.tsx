import { useState } from 'react';
import { CreatedShare, type NewShare } from './CreatedShare';
import { FormAlert } from './FormAlert';
import { keyFor } from './sealed-keys';
import { useKeyedShare } from './use-keyed-share';

/**
 * CreatedShare for a share that may be encrypted in the browser (docs/encryption.md): its link
 * carries the key this page sealed it with (sealed-keys.ts), and its QR code is drawn here. After a
 * reload the key is gone, and `lost` says it cannot be shown again.
 */
export function KeyedCreatedShare({
  kind,
  share,
  body,
  sealedHeader,
  drawing,
  lost,
}: {
  kind: 'paste' | 'file';
  share: NewShare;
  body: string;
  /** An encrypted share's header, which finds its key; null for any other share. */
  sealedHeader: string | null;
  /** Said while the keyed link's QR code is drawn. */
  drawing: string;
  lost: string;
}) {
  const [key] = useState(() => (sealedHeader ? keyFor(sealedHeader) : null));
  const keyed = useKeyedShare(sealedHeader ? share.page : null, key);
  if (sealedHeader && key && !keyed) return <p role="status">{drawing}</p>;
  return (
    <>
      {sealedHeader && !key && <FormAlert tone="warning">{lost}</FormAlert>}
      <CreatedShare kind={kind} share={keyed ? { ...share, ...keyed } : share} body={body} />
    </>
  );
}

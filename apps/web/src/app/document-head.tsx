import type { WhiteLabel } from '@portal/contracts';
import { DEFAULT_PRODUCT_NAME } from '@portal/contracts/limits';
import { useEffect } from 'react';
import { faviconUrl } from './white-label';

/** Document title and favicon from the white label. */
export function DocumentHead({ label }: { label: WhiteLabel | null }) {
  useEffect(() => {
    document.title = label?.name || DEFAULT_PRODUCT_NAME;
    if (!label) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = faviconUrl(label);
  }, [label]);
  return null;
}

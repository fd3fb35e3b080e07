import { Fact } from '@fed/ui-kit';
import { siteLabel } from '../../model/registry-contacts';

/** A site or social page of a profile, opened in a new tab and shown without its scheme. */
export function SiteFact({ term, href }: { term: string; href: string }) {
  return (
    <Fact term={term}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {siteLabel(href)}
      </a>
    </Fact>
  );
}

import { Fact } from '@fed/ui-kit';
import type { ContactRecord } from '../model/form-pieces';
import styles from './cabinet.module.css';

/** A site or a social page, opened in a new tab and shown without its scheme. */
export function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {href.replace(/^https?:\/\//, '')}
    </a>
  );
}

export interface ContactFactsProps {
  record: ContactRecord;
  /** Where others see the VK link while it is shown. */
  vkLinkShownText: string;
}

/** The profile's e-mail and VK link as its owner sees them, with whether others see the link. */
export function ContactFacts({ record, vkLinkShownText }: ContactFactsProps) {
  const email = record.email_kontr?.[0]?.email;
  return (
    <>
      <Fact term="Эл. почта">{email || 'не указана'}</Fact>
      <Fact term="ВКонтакте">
        {record.vk_link ? (
          <>
            <ExternalLink href={record.vk_link} />
            <span className={styles.note}>
              {record.vk_link_available ? vkLinkShownText : 'видна только вам'}
            </span>
          </>
        ) : (
          'не указана'
        )}
      </Fact>
    </>
  );
}

import { QRCodeSVG } from 'qrcode.react';
import { useDeferredValue, useId } from 'react';
import { useMembershipStatusQuery } from '@fed/api-client';
import { federation } from '@fed/contracts';
import { Avatar, Button, formatEventDay } from '@fed/ui-kit';
import { useOwnAthlete } from '../model/athlete';
import styles from './membership-card.module.css';

export interface MembershipCardProps {
  /** Whose card: an athlete of the signed-in login. */
  sportsmanId: string;
}

/** The QR code's side in CSS pixels; the empty square shown until it is drawn has the same. */
const QR_PX = 112;
const QR_NAME = 'QR-код страницы спортсмена в реестре федерации';

/**
 * The QR code of the athlete's public page. Encoding it is the card's heaviest work: it is drawn in a render of
 * its own after the card appears, so that the task showing the cabinet (after a press that sent an application,
 * or signed in) is not held up by it.
 */
function PublicPageQrCode({ sportsmanId }: { sportsmanId: string }) {
  const drawn = useDeferredValue(true, false);
  if (!drawn) return <svg width={QR_PX} height={QR_PX} aria-hidden="true" />;
  return (
    <QRCodeSVG
      value={publicProfileUrl(sportsmanId, window.location.origin)}
      size={QR_PX}
      level="M"
      marginSize={0}
      title={QR_NAME}
      role="img"
      aria-label={QR_NAME}
    />
  );
}

/** The attribute print styles look for: while it is set, only the card is printed. */
const PRINTING = 'membershipCard';

/** The athlete's public page in the federation's registry, where the QR code leads (with the membership mark). */
export function publicProfileUrl(sportsmanId: string, origin: string): string {
  return new URL(`/profile/${encodeURIComponent(sportsmanId)}`, origin).href;
}

/** Prints the card alone: the page around it is hidden for the print and shown again after. */
function printCard() {
  const root = document.documentElement;
  root.dataset['printing'] = PRINTING;
  const done = () => {
    delete root.dataset['printing'];
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // Browsers that print synchronously have printed by now; a later afterprint finds nothing to undo.
  done();
}

/**
 * The federation's membership card, once the membership is valid: name, photo, the membership number the
 * platform gave (kept through renewals), term and a QR code that opens the athlete's public page, where anybody
 * (a referee at the weigh-in) sees the membership mark. Printable on its own. Shows nothing while there is no
 * valid membership.
 */
export function MembershipCard({ sportsmanId }: MembershipCardProps) {
  const titleId = useId();
  const athlete = useOwnAthlete(sportsmanId);
  const { data: status } = useMembershipStatusQuery({ sportsmanId }, { refetchOnMountOrArgChange: true });
  if (!status?.active || !status.termUntil || !athlete) return null;

  return (
    <section className={styles.wrap} aria-labelledby={titleId}>
      <article className={styles.card} data-print-card>
        <header className={styles.header}>
          <p className={styles.federation}>{federation.name}</p>
          <h2 id={titleId} className={styles.title}>
            Членский билет
          </h2>
        </header>
        <div className={styles.body}>
          <Avatar
            src={athlete.photo}
            name={athlete.name}
            role="sportsman"
            gender={athlete.gender}
            size="xl"
          />
          <dl className={styles.facts}>
            <div>
              <dt>Спортсмен</dt>
              <dd className={styles.name}>{athlete.name}</dd>
            </div>
            {status.membershipNumber && (
              <div>
                <dt>Номер</dt>
                <dd className={styles.number}>{status.membershipNumber}</dd>
              </div>
            )}
            <div>
              <dt>Действует до</dt>
              <dd className={styles.term}>
                <time dateTime={status.termUntil}>{formatEventDay(status.termUntil)}</time>
              </dd>
            </div>
          </dl>
          <figure className={styles.qr}>
            <PublicPageQrCode sportsmanId={sportsmanId} />
            <figcaption>Страница спортсмена в реестре</figcaption>
          </figure>
        </div>
      </article>
      <Button variant="secondary" size="sm" onClick={printCard} className={styles.print}>
        Распечатать билет
      </Button>
    </section>
  );
}

import { PageLink, type PageLinkProps } from '../../lib/page-link';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button';
import styles from './button.module.css';

export interface ButtonPageLinkProps extends PageLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/**
 * `ButtonLink` through `PageLink`: the app's router link in the app, a plain link in an island hydrated on its
 * own (which has no router). The same look and markup.
 */
export function ButtonPageLink({
  variant,
  size,
  fullWidth,
  className,
  children,
  ...rest
}: ButtonPageLinkProps) {
  return (
    <PageLink
      {...rest}
      className={buttonClassName({
        variant,
        size,
        fullWidth,
        className: [styles.link, className].filter(Boolean).join(' '),
      })}
    >
      {children}
    </PageLink>
  );
}

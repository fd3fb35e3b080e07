import { Link, type LinkProps } from 'react-router-dom';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button';
import styles from './button.module.css';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/**
 * A link drawn as a button: where an action only goes to another page it stays a link (opens in a new tab,
 * its address can be copied), looking like the action it is.
 */
export function ButtonLink({ variant, size, fullWidth, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link
      {...rest}
      className={buttonClassName({
        variant,
        size,
        fullWidth,
        className: [styles.link, className].filter(Boolean).join(' '),
      })}
    >
      {children}
    </Link>
  );
}

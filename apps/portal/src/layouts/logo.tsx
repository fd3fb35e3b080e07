import { Link } from 'react-router-dom';
import { LogoContent, logoProps } from './plain-logo';

/** The logo as a link of the app's router. */
export function Logo() {
  return (
    <Link to="/" {...logoProps}>
      <LogoContent />
    </Link>
  );
}

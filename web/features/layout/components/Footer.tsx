import { Link } from 'react-router';
import { copyrightText } from '../copyright.ts';
import styles from './Footer.module.css';

const footerLinks = [
  { label: 'About', to: '/article/about-us' },
  { label: 'Rules', to: '/article/rules' },
  { label: 'Levels & awards', to: '/article/levels-awards' },
  { label: 'All topics', to: '/topics' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Cookies', to: '/cookies' },
  { label: 'Terms', to: '/terms-of-service' },
  { label: 'Cookie settings', to: '/cookiereset' },
];

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{copyrightText(new Date().getUTCFullYear())}</p>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

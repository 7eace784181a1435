/** Stance's mark: two speech marks leaning toward each other, one filled with the accent. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
      <path d="M9 21.5 13.5 9h3.2L13 21.5z" fill="#fff" />
      <path d="M16 21.5 20.5 9h3.2L20 21.5z" fill="#fff" opacity="0.6" />
    </svg>
  );
}

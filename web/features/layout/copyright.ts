/** The year Stance first went public: the footer's range starts here. */
export const productStartYear = 2026;

/** The footer's notice: '© 2026 Stance', or '© 2026–2028 Stance' in a later year. */
export function copyrightText(year: number): string {
  const years = year > productStartYear ? `${productStartYear}–${year}` : `${productStartYear}`;
  return `© ${years} Stance`;
}

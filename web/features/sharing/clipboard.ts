/** The alert when copying fails (docs/product/errors.md#alerts). */
export const copyErrorText = 'Error copying text';

/** Copies text, alerting that message on failure; resolves whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    window.alert(copyErrorText);
    return false;
  }
}

/** The absolute URL of a site path, for sharing. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

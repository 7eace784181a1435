import { cookiePolicyVersion, logCookieChoice } from '../../../contract/cookies.base.ts';
import { callApi } from '../../api/client.ts';

/** Logs the choice for the record; a failure must not stand in the visitor's way. */
export function logConsentChoice(loadThirdParty: boolean) {
  callApi(logCookieChoice, {
    loadThirdParty,
    version: cookiePolicyVersion,
    url: window.location.href.slice(0, 2000),
  }).catch((error: unknown) => console.warn('Could not log the cookie choice', error));
}

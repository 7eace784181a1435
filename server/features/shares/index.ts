// What other features may use of the shares besides shares.service.ts: the server-rendered
// page of a shared result (seo's page renderer).
export { loadSharedReportPage } from './shares.page.ts';

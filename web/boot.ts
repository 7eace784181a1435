/**
 * Starts the app once the browser has painted the server's page (docs/decisions/087): the page
 * is whole without scripts, so its first paint waits only for the HTML and its stylesheets, and
 * the app's code, held in `<template id="stance-code">` (the entry script and the page's module
 * preloads), is put into the document after that paint, where it does not compete with them for
 * the connection. A page opened in a background tab, which paints nothing, starts at once.
 */
// contract/routes.ts's appCodeTemplateId, written out: an import would make this script load the
// app's chunk, which holds that module, before the first paint.
const appCodeTemplateId = 'stance-code';
export {};

function start(): void {
  const code = document.getElementById(appCodeTemplateId);
  if (!(code instanceof HTMLTemplateElement)) return;
  code.remove();
  document.head.append(document.importNode(code.content, true));
}

if (document.visibilityState === 'hidden') {
  start();
} else {
  // A frame's callback runs just before the browser paints it; a task queued there runs after.
  requestAnimationFrame(() => setTimeout(start, 0));
}

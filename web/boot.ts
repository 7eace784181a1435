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

/**
 * How many of the page's module preloads go into the document in one task. Each starts its fetch
 * there and then: all of a page's in one task made the longest task of the boot script 38 ms
 * (the feed) and 69 ms (an opinion) in Chromium's traces of docs/decisions/087-preact-in-place-of-react-dom.md,
 * a long task on a phone.
 */
const preloadsPerTask = 6;

function start(): void {
  const code = document.getElementById(appCodeTemplateId);
  if (!(code instanceof HTMLTemplateElement)) return;
  code.remove();
  const nodes = [...document.importNode(code.content, true).childNodes];
  // A page in a background tab, where timers wait a second each and nobody taps, takes all at once.
  if (document.visibilityState === 'hidden') {
    document.head.append(...nodes);
    return;
  }
  // The entry script first, so the app's own code is on its way at once; the page's chunks follow
  // a few at a time, each batch a task of its own (a chunk the app asks for before its preload is
  // in is fetched once all the same: the preload finds it in the module map).
  const isEntry = (node: Node) => node instanceof HTMLScriptElement;
  const rest = nodes.filter((node) => !isEntry(node));
  document.head.append(...nodes.filter(isEntry));
  const appendNext = () => {
    document.head.append(...rest.splice(0, preloadsPerTask));
    if (rest.length > 0) setTimeout(appendNext, 0);
  };
  setTimeout(appendNext, 0);
}

if (document.visibilityState === 'hidden') {
  start();
} else {
  // A frame's callback runs just before the browser paints it; a task queued there runs after.
  requestAnimationFrame(() => setTimeout(start, 0));
}

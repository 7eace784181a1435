import type { Plugin } from 'vite';
import { appCodeTemplateId } from '../contract/routes.ts';

/**
 * The built index.html starts with web/boot.ts alone: Vite's script tag for the app's entry and
 * its module preloads move into `<template id="stance-code">`, which the boot script puts into the
 * document after the first paint (docs/decisions/087). The stylesheets stay where they are: the
 * server's page needs them to paint.
 */
export function deferredApp(): Plugin {
  return {
    name: 'stance-deferred-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const boot = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        if (!boot) throw new Error('The build has no boot chunk (web/boot.ts)');
        const held: string[] = [];
        const rest = html.replace(
          /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g,
          (tag) => {
            held.push(tag.trim());
            return '';
          },
        );
        const template =
          `<template id="${appCodeTemplateId}">${held.join('')}</template>\n    ` +
          `<script type="module" crossorigin src="/${boot.fileName}"></script>\n  </head>`;
        return rest.replace('</head>', () => template);
      },
    },
  };
}

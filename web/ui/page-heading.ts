import { createContext } from 'react';

/**
 * Whether the page around a component already has its h1. A `Page` given no title says it has
 * not, and a page-level state inside it (ErrorState: Not found, Access denied) then gives the
 * page its h1; outside a `Page`, a component cannot know and assumes the page has one.
 */
export const PageHasHeadingContext = createContext(true);

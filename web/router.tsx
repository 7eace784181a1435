import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { appRoutes, type AppRouteName } from '../contract/routes.ts';
import { AppLayout } from './features/layout/components/AppLayout.tsx';
import RouteErrorPage from './pages/RouteErrorPage.tsx';
import type { RouteHandle } from './routing/route-handle.ts';

/**
 * What a page module exports: its component, what the server needs to render it first, and a
 * loader for a page that only redirects.
 */
type PageModule = { default: ComponentType; handle?: RouteHandle; loader?: LoaderFunction };

// Every page loads on first visit, the first one before the app hydrates (web/main.tsx), so a
// page's code is fetched only by readers of that page (docs/decisions/085).
const pageModules = import.meta.glob<PageModule>([
  './pages/*Page.tsx',
  '!./pages/AuthPage.tsx',
  '!./pages/RouteErrorPage.tsx',
]);

/** Each route's page, by file name in web/pages (the build manifest names chunks by file). */
export const pageFiles: Record<AppRouteName, string> = {
  home: 'HomePage',
  opinionFeed: 'FeedPage',
  demographics: 'DemographicsPage',
  suggest: 'SuggestPage',
  userProfile: 'UserProfilePage',
  userComments: 'UserCommentsPage',
  opinion: 'OpinionPage',
  detailedOpinionReport: 'DetailedOpinionReportPage',
  quiz: 'QuizPage',
  topic: 'TopicPage',
  allTopics: 'AllTopicsPage',
  topContributors: 'ContributorsPage',
  latestActivity: 'ActivityPage',
  dnaReport: 'DnaReportPage',
  detailedReport: 'DetailedReportPage',
  detailedReportOverview: 'DetailedReportOverviewPage',
  cookieReset: 'CookieResetPage',
  emailPref: 'EmailPrefPage',
  notifications: 'NotificationsPage',
  questionFeed: 'QuestionsPage',
  argFeed: 'ArgumentsPage',
  search: 'SearchPage',
  question: 'QuestionPage',
  signup: 'SignupPage',
  login: 'LoginPage',
  passwordResetNew: 'PasswordResetPage',
  trackingDummyPage: 'TrackingPage',
  notFound: 'NotFoundPage',
  admin: 'AdminPage',
  questionAdmin: 'QuestionAdminPage',
  newQuestion: 'QuestionEditorPage',
  editQuestion: 'QuestionEditorPage',
  topicReport: 'TopicReportPage',
  encyclopedia: 'EncyclopediaPage',
  categories: 'CategoriesPage',
  privacy: 'PrivacyPage',
  cookies: 'CookiesPage',
  termsOfService: 'TermsPage',
  appSettings: 'AppSettingsPage',
  opinionHistory: 'OpinionHistoryPage',
  goOpinionDna: 'GoOpinionDnaPage',
  article: 'ArticlePage',
  sharedReport: 'SharedReportPage',
};

/** The route object's `lazy`: the page's component and handle, loaded once. */
function lazyPage(name: AppRouteName): RouteObject['lazy'] {
  return async () => {
    const page = await pageModules[`./pages/${pageFiles[name]}.tsx`]!();
    return {
      Component: page.default,
      handle: { ...page.handle, name },
      ...(page.loader ? { loader: page.loader } : {}),
    };
  };
}

/** Every route of docs/product/screens.md by its name (each route's `id`), and Not found. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...(Object.entries(appRoutes) as [AppRouteName, string][]).map(([name, path]) => ({
        id: name,
        path,
        lazy: lazyPage(name),
        ErrorBoundary: RouteErrorPage,
      })),
      { id: 'unknown', path: '*', lazy: lazyPage('notFound'), ErrorBoundary: RouteErrorPage },
    ],
  },
];

/**
 * Loads the pages the current address matches, so the app's first render is the page the server
 * rendered (hydration must not meet a page still loading).
 */
export async function loadMatchedPages(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

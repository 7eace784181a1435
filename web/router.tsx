import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { appRoutes, type AppRouteName } from '../contract/routes.ts';
import { AppLayout } from './features/layout/components/AppLayout.tsx';
import FeedPage from './pages/FeedPage.tsx';
import RouteErrorPage from './pages/RouteErrorPage.tsx';

// The For You feed is the front door and ships in the main bundle; every other page loads on
// first visit.
const pages: Record<AppRouteName, ComponentType> = {
  home: lazy(() => import('./pages/HomePage.tsx')),
  opinionFeed: FeedPage,
  demographics: lazy(() => import('./pages/DemographicsPage.tsx')),
  suggest: lazy(() => import('./pages/SuggestPage.tsx')),
  userProfile: lazy(() => import('./pages/UserProfilePage.tsx')),
  userComments: lazy(() => import('./pages/UserCommentsPage.tsx')),
  opinion: lazy(() => import('./pages/OpinionPage.tsx')),
  detailedOpinionReport: lazy(() => import('./pages/DetailedOpinionReportPage.tsx')),
  quiz: lazy(() => import('./pages/QuizPage.tsx')),
  topic: lazy(() => import('./pages/TopicPage.tsx')),
  allTopics: lazy(() => import('./pages/AllTopicsPage.tsx')),
  topContributors: lazy(() => import('./pages/ContributorsPage.tsx')),
  latestActivity: lazy(() => import('./pages/ActivityPage.tsx')),
  dnaReport: lazy(() => import('./pages/DnaReportPage.tsx')),
  detailedReport: lazy(() => import('./pages/DetailedReportPage.tsx')),
  detailedReportOverview: lazy(() => import('./pages/DetailedReportOverviewPage.tsx')),
  cookieReset: lazy(() => import('./pages/CookieResetPage.tsx')),
  emailPref: lazy(() => import('./pages/EmailPrefPage.tsx')),
  notifications: lazy(() => import('./pages/NotificationsPage.tsx')),
  questionFeed: lazy(() => import('./pages/QuestionsPage.tsx')),
  argFeed: lazy(() => import('./pages/ArgumentsPage.tsx')),
  search: lazy(() => import('./pages/SearchPage.tsx')),
  question: lazy(() => import('./pages/QuestionPage.tsx')),
  signup: lazy(() => import('./pages/SignupPage.tsx')),
  login: lazy(() => import('./pages/LoginPage.tsx')),
  passwordResetNew: lazy(() => import('./pages/PasswordResetPage.tsx')),
  trackingDummyPage: lazy(() => import('./pages/TrackingPage.tsx')),
  notFound: lazy(() => import('./pages/NotFoundPage.tsx')),
  admin: lazy(() => import('./pages/AdminPage.tsx')),
  questionAdmin: lazy(() => import('./pages/QuestionAdminPage.tsx')),
  newQuestion: lazy(() => import('./pages/QuestionEditorPage.tsx')),
  editQuestion: lazy(() => import('./pages/QuestionEditorPage.tsx')),
  topicReport: lazy(() => import('./pages/TopicReportPage.tsx')),
  encyclopedia: lazy(() => import('./pages/EncyclopediaPage.tsx')),
  categories: lazy(() => import('./pages/CategoriesPage.tsx')),
  privacy: lazy(() => import('./pages/PrivacyPage.tsx')),
  cookies: lazy(() => import('./pages/CookiesPage.tsx')),
  termsOfService: lazy(() => import('./pages/TermsPage.tsx')),
  appSettings: lazy(() => import('./pages/AppSettingsPage.tsx')),
  opinionHistory: lazy(() => import('./pages/OpinionHistoryPage.tsx')),
  goOpinionDna: lazy(() => import('./pages/GoOpinionDnaPage.tsx')),
  article: lazy(() => import('./pages/ArticlePage.tsx')),
  sharedReport: lazy(() => import('./pages/SharedReportPage.tsx')),
};

/** Every route of docs/product/screens.md by its name (each route's `id`), and Not found. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...(Object.entries(appRoutes) as [AppRouteName, string][]).map(([name, path]) => ({
        id: name,
        path,
        Component: pages[name],
        ErrorBoundary: RouteErrorPage,
      })),
      { id: 'unknown', path: '*', Component: pages.notFound, ErrorBoundary: RouteErrorPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { Fragment, lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SessionProvider } from './auth/session-context';
import { AppLayout } from './layout/app-layout';
import { HomePage } from './pages/home/home-page';
import { allProjectsRoute } from './all-projects-route';
import { protectedRoute } from './protected-route';
import { ownerRoute } from './owner-route';
import { ThemeProvider } from './theme/theme-context';
import { InteractiveMark } from './hydration/interactive-mark';
import { LANGUAGES, localePath } from './i18n/languages';

const AllProjectsPage = allProjectsRoute.Component;
const ProtectedPage = protectedRoute.Component;
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'));
// The owner's page: German only, linked from nowhere, its own chunk.
const OwnerPage = ownerRoute.Component;

export function App() {
  return (
    <>
      <ThemeProvider>
        <SessionProvider>
          <AppLayout>
            <Routes>
              {LANGUAGES.map((language) => (
                <Fragment key={language}>
                  <Route path={localePath(language, '/')} element={<HomePage />} />
                  <Route
                    path={localePath(language, '/all-projects')}
                    element={<AllProjectsPage />}
                  />
                  <Route path={localePath(language, '/protected')} element={<ProtectedPage />} />
                </Fragment>
              ))}
              <Route path="/verwaltung" element={<OwnerPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </AppLayout>
        </SessionProvider>
      </ThemeProvider>
      <InteractiveMark />
    </>
  );
}

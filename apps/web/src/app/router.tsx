import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { PageLoader } from '../components/page-loader';
import { guardLoader, indexLoader, rootLoader } from './guards';
import { ANONYMOUS_NAMESPACES, loadNamespaces, loadShellNamespaces } from './i18n';
import { carryEmbedded } from './navigation';
import { RootLayout } from './root-layout';
import { ROUTE_PAGES } from './route-pages';
import { type AppRoute, type Layout, ROUTES } from './routes';

function toRouteObject(route: AppRoute): RouteObject {
  const object: RouteObject = {
    id: route.id,
    path: route.path.slice(1),
    loader: guardLoader(route),
    handle: { routeId: route.id },
  };
  if (route.layout === 'shell') {
    object.lazy = async () => {
      const { SHELL_PAGES } = await import('./shell-pages');
      const page = SHELL_PAGES[route.id];
      return { Component: page ? await page() : ComingSoonPage };
    };
    return object;
  }
  const page = ROUTE_PAGES[route.id];
  if (page) object.lazy = async () => ({ Component: await page() });
  else object.Component = ComingSoonPage;
  return object;
}

const childrenOf = (layout: Layout) => ROUTES.filter((r) => r.layout === layout).map(toRouteObject);

/** The browser router (history mode) built from the one route table and its pages. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      loader: rootLoader,
      HydrateFallback: PageLoader,
      children: [
        { index: true, loader: indexLoader },
        {
          lazy: async () => {
            const [{ AnonymousLayout }] = await Promise.all([
              import('../features/auth/anonymous-layout'),
              loadNamespaces(ANONYMOUS_NAMESPACES),
            ]);
            return { Component: AnonymousLayout };
          },
          children: childrenOf('anonymous'),
        },
        {
          lazy: async () => {
            const [{ ShellLayout }] = await Promise.all([
              import('../features/shell/shell-layout'),
              loadShellNamespaces(),
            ]);
            return { Component: ShellLayout };
          },
          children: childrenOf('shell'),
        },
        ...childrenOf('bare'),
        { path: '*', loader: ({ request }) => redirect(carryEmbedded('/', new URL(request.url).search)) },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

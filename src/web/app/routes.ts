import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * No screen is built yet: `/` and every other path show the not-found page until the issue that
 * builds a screen adds its route here (and its path to src/shared/page-routes.ts).
 * The splat route does not match `/`, so the index gets the same module under its own id.
 */
export default [
  index('routes/not-found.tsx', { id: 'routes/index-not-found' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

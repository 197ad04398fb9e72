import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('store/search', 'routes/store/search.tsx'),
  route('store/code/:code', 'routes/store/short-code.tsx'),
  route('store/*', 'routes/store/category.tsx'),
  route('gp/:slug/:genericProductId/:variant?', 'routes/product/product.tsx'),
  route('hello-baby/:slug', 'routes/content/guide.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig

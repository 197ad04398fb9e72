import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('store', 'routes/store/landing.tsx'),
  route('store/search', 'routes/store/search.tsx'),
  route('store/b/:slug/:brandId', 'routes/store/brand.tsx'),
  route('store/sale', 'routes/store/listing.tsx', { id: 'store-sale' }),
  route('store/new', 'routes/store/listing.tsx', { id: 'store-new' }),
  route('store/fsa-hsa-eligible', 'routes/store/listing.tsx', { id: 'store-fsa-hsa-eligible' }),
  route('best-baby-products', 'routes/store/listing.tsx', { id: 'best-baby-products' }),
  route('catalog', 'routes/store/catalog-redirects.tsx', { id: 'catalog' }),
  route('catalog/*', 'routes/store/catalog-redirects.tsx', { id: 'catalog-splat' }),
  route('sitemap.xml', 'routes/seo/sitemap-index.tsx'),
  route('sitemaps/:file', 'routes/seo/sitemap-file.tsx'),
  route('robots.txt', 'routes/seo/robots.tsx'),
  route('store/code/:code', 'routes/store/short-code.tsx'),
  route('store/*', 'routes/store/category.tsx'),
  route('gp/:slug/:genericProductId/:variant?', 'routes/product/product.tsx'),
  route('hello-baby/:slug', 'routes/content/guide.tsx'),
  // Only answers with NESTLIST_BENCH_ROUTES=1 (bench/ssr.bench.ts); otherwise a 404 like any unknown path.
  route('bench/minimal', 'routes/bench/minimal.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig

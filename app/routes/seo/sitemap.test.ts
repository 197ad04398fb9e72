import { describe, expect, test } from 'vitest'
import { robotsTxt } from './robots'
import { sitemapFiles, sitemapIndex, urlSet, xmlEscape } from './sitemap'

describe('sitemap', () => {
  test('a url set has absolute, escaped locations', () => {
    const xml = urlSet('https://nestlist.test', ['/store', "/gp/a&b's/1"])
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    expect(xml).toContain('<url><loc>https://nestlist.test/store</loc></url>')
    expect(xml).toContain('<loc>https://nestlist.test/gp/a&amp;b&apos;s/1</loc>')
  })

  test('the index names the pages file, then one file per 50,000 products', () => {
    expect(sitemapFiles(0)).toEqual(['/sitemaps/pages.xml'])
    expect(sitemapFiles(3)).toEqual(['/sitemaps/pages.xml', '/sitemaps/products-1.xml', '/sitemaps/products-2.xml', '/sitemaps/products-3.xml'])
    const xml = sitemapIndex('https://nestlist.test', sitemapFiles(1))
    expect(xml).toContain('<sitemapindex')
    expect(xml).toContain('<sitemap><loc>https://nestlist.test/sitemaps/products-1.xml</loc></sitemap>')
  })

  test('escapes all five XML special characters', () => {
    expect(xmlEscape(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
  })
})

describe('robots.txt', () => {
  test('points at the sitemap index and keeps crawlers out of search results and the APIs', () => {
    const txt = robotsTxt('https://nestlist.test')
    expect(txt).toContain('Sitemap: https://nestlist.test/sitemap.xml')
    expect(txt).toMatch(/^Disallow: \/store\/search$/m)
    expect(txt).toMatch(/^Disallow: \/api\/$/m)
    expect(txt.startsWith('User-agent: *\n')).toBe(true)
  })
})

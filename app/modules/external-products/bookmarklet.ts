// The 'Nestlist button': a bookmarklet owners drag to their bookmarks bar. On any shop's product page it
// opens /registry/save_item on Nestlist with the page's link and what the page itself says about the
// product (title, price, picture, store, read from JSON-LD and Open Graph in the page), so adding still
// works when our server cannot read the page (a shop that blocks bots, a sign-in wall). No server imports.

export const SAVE_ITEM_PATH = '/registry/save_item'

/** The query parameters the bookmarklet sends to /registry/save_item. */
export const BOOKMARKLET_PARAMS = ['url', 'title', 'price', 'image', 'store'] as const

/**
 * The page-side script (runs in the shop's page, not ours). Kept readable here; `bookmarkletHref` turns it
 * into a javascript: link for `origin`.
 */
function pageScript(origin: string) {
  return `(function(){
var d=document,q=function(s){var e=d.querySelector(s);return e?(e.getAttribute('content')||''):''};
var p={},ld=d.querySelectorAll('script[type="application/ld+json"]');
var walk=function(n){if(!n||typeof n!=='object'||p.name)return;if(Array.isArray(n)){n.forEach(walk);return}
var t=[].concat(n['@type']||[]).join(' ');if(/Product/.test(t)){p.name=n.name;var o=[].concat(n.offers||[])[0]||{};
p.price=o.price||o.lowPrice||'';var i=[].concat(n.image||[])[0];p.image=i&&(i.url||i)}walk(n['@graph'])};
for(var k=0;k<ld.length;k++){try{walk(JSON.parse(ld[k].textContent))}catch(e){}}
var v={url:location.href,title:p.name||q('meta[property="og:title"]')||d.title,
price:String(p.price||q('meta[property="product:price:amount"]')||q('meta[property="og:price:amount"]')||''),
image:typeof p.image==='string'?p.image:q('meta[property="og:image"]'),store:q('meta[property="og:site_name"]')||location.hostname};
var s=[];for(var f in v){if(v[f])s.push(f+'='+encodeURIComponent(String(v[f]).slice(0,f==='url'?2000:300)))}
window.open(${JSON.stringify(origin + SAVE_ITEM_PATH)}+'?'+s.join('&'),'_blank','noopener');})();`
}

/** The javascript: link owners drag to their bookmarks bar, for this Nestlist origin. */
export function bookmarkletHref(origin: string): string {
  const compact = pageScript(origin).replace(/\n/g, '')
  return `javascript:${encodeURIComponent(compact)}`
}

// The Node flags the server process runs with. `npm start` passes them to node itself (package.json's "start"),
// so scripts/start.mjs imports the server in its own process; started any other way (`node scripts/start.mjs`)
// it runs the server as a child with them. The browser tests and benchmarks (tests/e2e/support/server.ts)
// start build/server/main.js with exactly these. Keep package.json's "start" in step with this list.
//
// --max-semi-space-size=32 (MB): V8's young generation may grow to 2 x 32 MB instead of 2 x 16 MB. A
// rendered page allocates a few MB of short-lived objects (React's render tree, turbo-stream's parts, the
// HTML chunks), and with 50 pages in flight much of the young generation is still alive at each scavenge,
// which copies it: fewer, larger scavenges copy less per page. Measured with bench:ssr's rendered pass
// (server CPU per request, same run): leaf category 12.0-12.9 -> 10.7-11.0 ms, product 10.6-11.5 ->
// 9.2-10.1 ms (docs/decisions/028-shop-server-render.md, amendment h11). It only takes effect when given at
// process start (v8.setFlagsFromString later does not resize the young generation).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32']

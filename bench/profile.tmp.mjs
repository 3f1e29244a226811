import fs from 'node:fs';
import autocannon from 'autocannon';
import { ADMIN_EMAIL, ADMIN_PASSWORD, request, signIn, startServer, forEachLimit } from './lib.mjs';
const target = process.argv[2] ?? '/api/reviewer/opportunities';
fs.rmSync('/tmp/prof', { recursive: true, force: true });
const server = await startServer({ env: { BENCH_FLOOR: '1' }, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] });
try {
  const admin = await signIn(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const ids = [];
  for (let n = 1; n <= 50; n++) {
    const { json } = await request(server.baseUrl, 'POST', '/api/admin/opportunities', { cookie: admin, body: { number: n, title: `Opp ${n}`, description: 'd'.repeat(300), tags: ['a', 'b'] } });
    await request(server.baseUrl, 'PATCH', `/api/admin/opportunities/${json.id}`, { cookie: admin, body: { status: 'published' } });
    ids.push(json.id);
  }
  const cookies = [];
  for (let i = 0; i < 10; i++) {
    await request(server.baseUrl, 'POST', '/api/admin/reviewers', { cookie: admin, body: { name: `R${i}`, email: `r${i}@x.example.com`, password: 'password-123' } });
    cookies.push(await signIn(server.baseUrl, `r${i}@x.example.com`, 'password-123'));
  }
  await forEachLimit(ids, 8, async (id) => { for (const c of cookies) { await request(server.baseUrl, 'POST', '/api/reviewer/reviews', { cookie: c, body: { opportunityId: id, strategicAlignment: 3, sustainability: 4, technologyReadiness: 2, marketPotential: 5, businessPotential: 1 } }); await request(server.baseUrl, 'POST', '/api/reviewer/comments', { cookie: c, body: { opportunityId: id, challenges: 'c'.repeat(100) } }); } });
  let k = 0;
  const isAdmin = target.startsWith('/api/admin');
  const r = await autocannon({ url: server.baseUrl, connections: 32, duration: 8, requests: [{ path: target, setupRequest: (req) => ({ ...req, headers: { cookie: isAdmin ? admin : cookies[k++ % cookies.length] } }) }] });
  console.log(target, r.requests.average, 'req/s', r.non2xx, 'non2xx');
} finally { await server.stop(); }

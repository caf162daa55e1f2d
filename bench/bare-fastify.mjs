// Baseline for the benchmarks: a bare Fastify 5 server with one route and nothing else
// (no plugins, no hooks, no logger, no database). `npm run bench` spawns it with the same Node
// flags as the real server and compares requests/s and idle memory against it.
// Env: PORT (0 = any free port), HOST (default 127.0.0.1).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));

const address = await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 0) });
// Same wording as the real server, so the harness reads the port the same way.
process.stdout.write(`bare Fastify is running at http://localhost:${new URL(address).port}\n`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

// A bare Fastify route answering a JSON body of the given size from memory: the baseline API
// figures are compared to.
import Fastify from 'fastify';

export async function startBaseline(port, bytes) {
  const app = Fastify({ logger: false });
  const filler = 'x'.repeat(Math.max(0, bytes - 30));
  const body = JSON.stringify({ data: { id: 1, company: filler } });
  app.get('/*', async (_req, reply) => reply.type('application/json').send(body));
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

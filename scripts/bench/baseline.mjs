// A bare Fastify route answering a payload of the given size from memory: the baseline API
// figures are compared to.
import Fastify from 'fastify';

export async function startBaseline(port, payload) {
  const app = Fastify({ logger: false });
  const body = JSON.stringify(payload);
  app.get('/*', async (_req, reply) => reply.type('application/json').send(body));
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

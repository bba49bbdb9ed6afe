/** The floor for bench/http.ts: a Fastify hello-world with a response schema, on the same Node. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', { schema: { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } } }, async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 3000), host: '127.0.0.1' });

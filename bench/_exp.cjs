const fastify = require('fastify')({ logger: false });
const body = require('fs').readFileSync('/tmp/bd.resp','utf8').split('\r\n\r\n')[1];
const hdrs = {};
for (const l of require('fs').readFileSync('/tmp/bd.resp','utf8').split('\r\n\r\n')[0].split('\r\n').slice(1)) { const [k, ...v] = l.split(': '); if (!/^(date|connection|keep-alive|content-length)$/i.test(k)) hdrs[k] = v.join(': '); }
fastify.get('/hello', async () => ({ hello: 'world' }));
fastify.get('/str', (req, reply) => { reply.headers(hdrs).send(body); });
fastify.get('/buf', (req, reply) => { reply.headers(hdrs).send(Buffer.from(body)); });
fastify.listen({ port: 8798, host: '127.0.0.1' });

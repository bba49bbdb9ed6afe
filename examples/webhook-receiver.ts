/**
 * A callback receiver for trying docrisk's webhooks on one machine: verifies each delivery's Standard
 * Webhooks signature with DOCRISK_WEBHOOK_SECRET (the space's whsec_… secret) and prints the event.
 * Run: DOCRISK_WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.ts   (RECEIVER_PORT, default 3000)
 */
import http from 'node:http';
import { verifyWebhook } from '../src/modules/webhooks/verify.ts';

const secret = process.env.DOCRISK_WEBHOOK_SECRET;
if (!secret) {
  console.error('set DOCRISK_WEBHOOK_SECRET to the webhook_signing_secret of GET /portal/v1/settings');
  process.exit(2);
}
const port = Number(process.env.RECEIVER_PORT ?? 3000);
http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => {
        try {
          const event = verifyWebhook(secret, req.headers, Buffer.concat(chunks)); // the raw body
          res.writeHead(204).end(); // then process `event`, deduplicating on req.headers['webhook-id']
          console.log(`receiver: verified ${String(req.headers['webhook-id'])} ${JSON.stringify(event).slice(0, 120)}`);
        } catch (err) {
          console.log(`receiver: refused a delivery: ${err instanceof Error ? err.message : String(err)}`);
          res.writeHead(400).end();
        }
      });
  })
  .listen(port, '127.0.0.1', () => console.log(`receiver: listening on http://127.0.0.1:${port}/`));

import { createHmac } from 'node:crypto';
import express from 'express';

const app = express();
app.use(express.json());

/** Forwards every signed delivery to the internal event bus. */
app.post('/webex', (req, res) => {
  const signature = req.headers['X-Spark-Signature'];
  const expected = createHmac('sha1', process.env.WEBHOOK_SECRET ?? '').update(JSON.stringify(req.body)).digest('hex');
  if (signature !== expected) {
    res.sendStatus(401);
    return;
  }
  void fetch(process.env.BUS_URL ?? 'http://localhost:9000/events', { method: 'POST', body: JSON.stringify(req.body), headers: { 'content-type': 'application/json' } });
  res.sendStatus(204);
});

app.listen(8080);

'use strict';
// A webhook receiver for the bench: answers 200 to every POST and counts them; GET /count tells how many.
//   node bench/webhook-receiver.js --port 0
const http = require('node:http');
const { portFromArgs } = require('./reference-payments');

let received = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ received }));
    return;
  }
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'Content-Length': '2' });
    res.end('ok');
  });
});
server.listen(portFromArgs(), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));

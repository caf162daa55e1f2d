// Baseline for the socket delivery rows: a bare `ws` server with nothing else (no HTTP routes, no
// auth, no database, no validation). Each client names itself in the query string
// (ws://127.0.0.1:PORT/?id=N) and is greeted with {"type":"hello","id":"N"}; a text frame
// {"to": M, …} is parsed and its unchanged text is sent to the socket named M (dropped if none).
// Env: PORT (0 = any free port), HOST (default 127.0.0.1).
import { WebSocketServer } from 'ws';

const byId = new Map();
const wss = new WebSocketServer({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 0), perMessageDeflate: false });

wss.on('connection', (socket, request) => {
  const id = new URL(request.url ?? '/', 'http://relay').searchParams.get('id') ?? '';
  byId.set(id, socket);
  socket.on('close', () => {
    if (byId.get(id) === socket) byId.delete(id);
  });
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    let to;
    try {
      ({ to } = JSON.parse(data.toString()));
    } catch {
      return;
    }
    const target = byId.get(String(to));
    if (target && target.readyState === target.OPEN) target.send(data, { binary: false });
  });
  socket.send(JSON.stringify({ type: 'hello', id }));
});

wss.on('listening', () => {
  // Same wording as the real server, so the harness reads the port the same way.
  process.stdout.write(`bare ws relay is running at http://localhost:${wss.address().port}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    for (const socket of wss.clients) socket.terminate();
    wss.close(() => process.exit(0));
  });
}

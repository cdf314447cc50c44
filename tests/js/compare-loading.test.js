// How <pe-compare> reads a learned table from elsewhere (src/elements/compare/learned.js), issue 24: a
// table it cannot show is refused by its header before its values are read (a 512 MiB file was read
// whole first), a file longer than its shape says is cut off there, an address that does not answer
// fails after the timeout (it blocked the element forever), and an aborted read stops at once. The
// addresses are served by a local server that counts the bytes it managed to send.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { encodeNpy } from '../../src/elements/shared/data-export.js';
import { fetchNpyTable, readNpyTable } from '../../src/elements/compare/learned.js';
import { NpyError } from '../../src/elements/compare/npy.js';

const MiB = 1 << 20;
const table = Float32Array.from({ length: 6 * 4 }, (_, i) => Math.sin(i));
const good = encodeNpy(table, [6, 4]);
/** The header NumPy writes for a float32 array of this shape, without the values. */
function npyHeader(shape) {
  const dict = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}), }`;
  const text = dict + ' '.repeat((64 - ((10 + dict.length + 1) % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + text.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, text.length & 0xff, text.length >> 8]);
  for (let i = 0; i < text.length; i++) out[10 + i] = text.charCodeAt(i);
  return out;
}

/** A stream of the file in `chunk`-byte pieces (then zeros for ever when `endless`), counting what was pulled. */
function countingStream(bytes, { chunk = 64 * 1024, endless = false } = {}) {
  const stats = { pulled: 0, cancelled: false };
  let at = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length && !endless) { controller.close(); return; }
      const piece = at < bytes.length ? bytes.subarray(at, at + chunk) : new Uint8Array(chunk);
      at += piece.length;
      stats.pulled += piece.length;
      controller.enqueue(piece.slice());
    },
    cancel() { stats.cancelled = true; },
  }, { highWaterMark: 0 });
  return { stream, stats };
}

test('a stream is read whole and exactly, in any chunking, one byte at a time too', async () => {
  for (const chunk of [1, 7, 64, 1 << 20]) {
    const { stream } = countingStream(good, { chunk });
    assert.deepEqual(await readNpyTable(stream), { table, positions: 6, dModel: 4 }, `chunks of ${chunk}`);
  }
  const { stream } = countingStream(good);
  assert.deepEqual((await readNpyTable(stream, { fileBytes: good.length })).table, table);
});

test('a 512 MiB table is refused by its header, after its first chunk', async () => {
  const header = npyHeader([131072, 1024]); // 2^27 float32 values: 512 MiB
  const { stream, stats } = countingStream(header, { endless: true });
  await assert.rejects(readNpyTable(stream), (e) => e instanceof NpyError && /holds more than 8388608 values/.test(e.message));
  assert.ok(stats.pulled <= 64 * 1024, `pulled ${stats.pulled} bytes`);
  assert.ok(stats.cancelled, 'the stream is cancelled');
  console.log(`512 MiB table refused after ${stats.pulled} bytes`);
  // The same for a 3-D array and for a file whose size does not match its header (a File's size).
  const cube = countingStream(npyHeader([64, 64, 64]), { endless: true });
  await assert.rejects(readNpyTable(cube.stream), /two dimensions/);
  assert.ok(cube.stats.pulled <= 64 * 1024);
  const sized = countingStream(good);
  await assert.rejects(readNpyTable(sized.stream, { fileBytes: good.length + 4 * MiB }), /needs 96 bytes of values, the file has 4194400/);
});

test('a file longer than its shape says is cut off where its values should end', async () => {
  const { stream, stats } = countingStream(good, { chunk: 1024, endless: true });
  await assert.rejects(readNpyTable(stream), /needs 96 bytes of values, the file has more/);
  assert.ok(stats.pulled <= 4096, `pulled ${stats.pulled} bytes`);
  const short = countingStream(good.subarray(0, good.length - 4));
  await assert.rejects(readNpyTable(short.stream), /needs 96 bytes of values, the file has 92/);
  const junk = countingStream(new TextEncoder().encode('not a numpy file'));
  await assert.rejects(readNpyTable(junk.stream), /not a NumPy \.npy file/);
});

// ---- addresses ----
let server;
let base;
const sent = {};

before(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    sent[path] = 0;
    const write = (bytes) => { sent[path] += bytes.length; return res.write(bytes); };
    if (path === '/good.npy') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      write(good);
      res.end();
    } else if (path === '/hang.npy') {
      // headers, then nothing: the body never comes
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.flushHeaders();
    } else if (path === '/huge.npy') {
      // a 512 MiB table as fast as the client takes it
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(512 * MiB + 128) });
      write(npyHeader([131072, 1024]));
      const zeros = new Uint8Array(64 * 1024);
      const more = () => { while (!res.destroyed && sent[path] < 512 * MiB) if (!write(zeros)) return res.once('drain', more); res.end(); };
      more();
    } else {
      res.writeHead(404, 'Not Found');
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

test('an address: the table; a missing one says its HTTP status', async () => {
  assert.deepEqual(await fetchNpyTable(`${base}/good.npy`), { table, positions: 6, dModel: 4 });
  await assert.rejects(fetchNpyTable(`${base}/missing.npy`), new RegExp(`^Error: ${base}/missing\\.npy: HTTP 404 Not Found$`));
});

test('an address that sends a 512 MiB table: refused after a few of its megabytes', async () => {
  const t0 = performance.now();
  await assert.rejects(fetchNpyTable(`${base}/huge.npy`), /holds more than 8388608 values/);
  await new Promise((ok) => setTimeout(ok, 100)); // the server notices the closed connection
  assert.ok(sent['/huge.npy'] < 32 * MiB, `the server sent ${(sent['/huge.npy'] / MiB).toFixed(1)} MiB`);
  console.log(`huge.npy refused after ${(sent['/huge.npy'] / MiB).toFixed(2)} MiB sent, ${(performance.now() - t0).toFixed(0)} ms`);
});

test('an address that never answers fails after the timeout; an abort stops the read at once', async () => {
  const t0 = performance.now();
  await assert.rejects(fetchNpyTable(`${base}/hang.npy`, { timeoutMs: 300 }), new RegExp(`${base}/hang\\.npy: no complete answer within 0\\.3 s`));
  const waited = performance.now() - t0;
  assert.ok(waited >= 290 && waited < 5000, `failed after ${waited.toFixed(0)} ms`);
  const controller = new AbortController();
  const reading = fetchNpyTable(`${base}/hang.npy`, { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  const t1 = performance.now();
  await assert.rejects(reading, (e) => e.name === 'AbortError');
  assert.ok(performance.now() - t1 < 2000);
  const early = new AbortController();
  early.abort();
  await assert.rejects(fetchNpyTable(`${base}/good.npy`, { signal: early.signal }), (e) => e.name === 'AbortError');
});

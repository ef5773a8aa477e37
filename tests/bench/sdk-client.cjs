// sdk-client.cjs — the official TypeScript SDK's client, as a baseline for
// tests/bench/bench.py. Not part of the test suite.
//
// node sdk-client.cjs PEERS_DIR tools -- SERVER ARGS…
// node sdk-client.cjs PEERS_DIR ping COUNT INFLIGHT -- SERVER ARGS…
// node sdk-client.cjs PEERS_DIR ping COUNT INFLIGHT --url URL   (Streamable HTTP)
//
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';

const [peers, mode, ...rest] = process.argv.slice(2);
const urlAt = rest.indexOf('--url');
const sep = urlAt >= 0 ? urlAt : rest.indexOf('--');
const opts = rest.slice(0, sep);
const server = rest.slice(sep + 1);
const load = (m) => require(require.resolve(m, { paths: [peers] }));
const { Client } = load('@modelcontextprotocol/sdk/client/index.js');

function makeTransport() {
  if (urlAt >= 0) {
    const { StreamableHTTPClientTransport } = load('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return new StreamableHTTPClientTransport(new URL(server[0]));
  }
  const { StdioClientTransport } = load('@modelcontextprotocol/sdk/client/stdio.js');
  return new StdioClientTransport({ command: server[0], args: server.slice(1), stderr: 'ignore' });
}

async function main() {
  const transport = makeTransport();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);

  if (mode === 'tools') {
    const { tools } = await client.listTools();
    console.log(JSON.stringify({ tools: tools.length }));
  } else if (mode === 'ping') {
    const count = parseInt(opts[0], 10);
    const inflight = parseInt(opts[1], 10);
    const rtts = [];
    let sent = 0;
    const started = process.hrtime.bigint();
    async function worker() {
      while (sent < count) {
        sent++;
        const t0 = process.hrtime.bigint();
        await client.ping();
        rtts.push(Number(process.hrtime.bigint() - t0) / 1000);
      }
    }
    await Promise.all(Array.from({ length: inflight }, worker));
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    rtts.sort((a, b) => a - b);
    console.log(JSON.stringify({
      count: rtts.length, inflight,
      median_us: rtts[Math.floor(rtts.length / 2)],
      p99_us: rtts[Math.min(rtts.length - 1, Math.ceil(rtts.length * 0.99) - 1)],
      elapsed_s: elapsed, requests_per_second: rtts.length / elapsed,
    }));
  }
  await client.close();
}

main().catch((e) => { console.error(e); process.exit(1); });

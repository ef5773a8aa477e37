// hub-client.cjs — the official TypeScript SDK client, calling a tool
// directly (stdio, or a bare Streamable HTTP server) or through the Tether
// hub, for tests/bench/bench-hub.py. Not part of the test suite.
//
// node hub-client.cjs PEERS calls COUNT INFLIGHT TOOL --stdio SERVER ARGS…
// node hub-client.cjs PEERS calls COUNT INFLIGHT TOOL --url URL [TOKEN]
// node hub-client.cjs PEERS clients N CALLS TOOL --url URL TOKEN
//
// With BENCH_ERA=2025 or 2026 the client is the 2.x SDK's instead, with
// version negotiation off (it speaks the initialize era) or on (it probes
// with server/discover and speaks 2026-07-28 when the server offers it).
//
// SPDX-License-Identifier: GPL-3.0-or-later
'use strict';

const [peers, mode, a, b, tool, how, ...rest] = process.argv.slice(2);
const load = (m) => require(require.resolve(m, { paths: [peers] }));
const era = process.env.BENCH_ERA;
const { Client } = era ? load('@modelcontextprotocol/client') : load('@modelcontextprotocol/sdk/client/index.js');

function makeTransport () {
  if (how === '--url' && era) {
    const { StreamableHTTPClientTransport } = load('@modelcontextprotocol/client');
    const headers = rest[1] ? { Authorization: `Bearer ${rest[1]}` } : {};
    return new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers } });
  }
  if (how === '--url') {
    const { StreamableHTTPClientTransport } = load('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const headers = rest[1] ? { Authorization: `Bearer ${rest[1]}` } : {};
    return new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers } });
  }
  const { StdioClientTransport } = load('@modelcontextprotocol/sdk/client/stdio.js');
  return new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: 'ignore' });
}

async function connect () {
  const client = new Client({ name: 'bench', version: '1.0.0' },
                            era === '2026' ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(makeTransport());
  if (era === '2026' && client.getNegotiatedProtocolVersion() !== '2026-07-28')
    throw new Error(`negotiated ${client.getNegotiatedProtocolVersion()}, not 2026-07-28`);
  return client;
}

async function calls (client, count, inflight) {
  const times = [];
  let sent = 0;
  const started = process.hrtime.bigint();
  async function worker () {
    while (sent < count) {
      sent++;
      const t0 = process.hrtime.bigint();
      const result = await client.callTool({ name: tool, arguments: { message: 'x' } });
      if (result.isError) throw new Error(JSON.stringify(result));
      times.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
  }
  await Promise.all(Array.from({ length: inflight }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((x, y) => x - y);
  return { count: times.length, inflight, median_us: times[Math.floor(times.length / 2)],
           p99_us: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)],
           elapsed_s: elapsed, per_call_us: elapsed * 1e6 / times.length };
}

async function main () {
  if (mode === 'calls') {
    const client = await connect();
    await calls(client, 50, 1);   // warm up
    console.log(JSON.stringify(await calls(client, parseInt(a, 10), parseInt(b, 10))));
    await client.close();
  } else if (mode === 'clients') {
    const n = parseInt(a, 10);
    const each = parseInt(b, 10);
    const started = process.hrtime.bigint();
    const clients = await Promise.all(Array.from({ length: n }, connect));
    const connected = Number(process.hrtime.bigint() - started) / 1e9;
    const results = await Promise.allSettled(clients.map((c) => calls(c, each, 1)));
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    const failed = results.filter((r) => r.status !== 'fulfilled').length;
    const medians = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.median_us).sort((x, y) => x - y);
    console.log(JSON.stringify({ clients: n, calls_each: each, failed, connect_s: connected, elapsed_s: elapsed,
                                 median_of_medians_us: medians[Math.floor(medians.length / 2)] }));
    await Promise.all(clients.map((c) => c.close()));
  }
}

main().catch((e) => { console.error(e); process.exit(1); });

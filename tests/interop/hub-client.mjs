// hub-client.mjs — an official TypeScript SDK client against the Tether hub
//
// Copyright 2026 The Tether authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Usage: node hub-client.mjs SDK TRANSPORT [ERA]
//   SDK        1 (@modelcontextprotocol/sdk 1.x) or 2 (@modelcontextprotocol/client 2.x)
//   TRANSPORT  http (HUB_URL, HUB_TOKEN) or stdio (TETHER_CLI connect, with the
//              XDG_RUNTIME_DIR and XDG_CONFIG_HOME of this process)
//   ERA        2025 (initialize; the default) or 2026 (2.x only: the client
//              probes with server/discover and speaks 2026-07-28 if offered)
// Environment: PEERS (node_modules of the peers), TETHER_CLI, TETHER_CONFIG
//   (servers.json, for `tether-cli disable`).
//
// Behind the hub: three fake servers, alpha and beta of the initialize era,
// gamma of the 2026-07-28 revision (its confirm tool asks for input inside
// its result). Prints one JSON line
// per check, {"check": NAME, "ok": true|false, "detail": …}, and exits 0
// when every check ran (the test decides).

import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const [sdk, transportKind, era = '2025'] = process.argv.slice(2);
const peers = process.env.PEERS;
const require = createRequire(path.join(peers, 'package.json'));
const load = (name) => import(require.resolve(name));

function report (check, ok, detail) {
  console.log(JSON.stringify({ check, ok: !!ok, detail: detail ?? null }));
}

async function withTimeout (promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms); });
  try { return await Promise.race([promise, timeout]); } finally { clearTimeout(timer); }
}

let Client, HttpTransport, StdioTransport, onElicit, onToolsChanged;

if (sdk === '1') {
  ({ Client } = await load('@modelcontextprotocol/sdk/client/index.js'));
  ({ StreamableHTTPClientTransport: HttpTransport } = await load('@modelcontextprotocol/sdk/client/streamableHttp.js'));
  ({ StdioClientTransport: StdioTransport } = await load('@modelcontextprotocol/sdk/client/stdio.js'));
  const types = await load('@modelcontextprotocol/sdk/types.js');
  onElicit = (client, handler) => client.setRequestHandler(types.ElicitRequestSchema, handler);
  onToolsChanged = (client, handler) => client.setNotificationHandler(types.ToolListChangedNotificationSchema, handler);
} else {
  const v2 = await load('@modelcontextprotocol/client');
  Client = v2.Client;
  HttpTransport = v2.StreamableHTTPClientTransport;
  ({ StdioClientTransport: StdioTransport } = await import(require.resolve('@modelcontextprotocol/client/stdio')));
  onElicit = (client, handler) => client.setRequestHandler('elicitation/create', handler);
  onToolsChanged = (client, handler) => client.setNotificationHandler('notifications/tools/list_changed', handler);
}

const client = new Client({ name: `sdk-${sdk}-${transportKind}-${era}`, version: '1.0.0' },
                          { capabilities: { elicitation: {} },
                            ...(era === '2026' ? { versionNegotiation: { mode: 'auto' } } : {}) });

let elicited = 0;
onElicit(client, async (request) => {
  elicited++;
  return { action: 'accept', content: { name: 'octocat' } };
});

let toolsChanged = 0;
let changeWaiters = [];
onToolsChanged(client, async () => {
  toolsChanged++;
  const waiters = changeWaiters;
  changeWaiters = [];
  for (const w of waiters) w();
});
const nextChange = () => new Promise((resolve) => changeWaiters.push(resolve));

let transport;
if (transportKind === 'http') {
  transport = new HttpTransport(new URL(process.env.HUB_URL),
                                { requestInit: { headers: { Authorization: `Bearer ${process.env.HUB_TOKEN}` } } });
} else {
  transport = new StdioTransport({
    command: process.env.TETHER_CLI,
    args: ['connect'],
    // What tether-cli connect, and the Tether it may start, need
    env: Object.fromEntries(['XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', 'PATH', 'DISPLAY', 'XAUTHORITY', 'DBUS_SESSION_BUS_ADDRESS',
                             'GSETTINGS_BACKEND', 'GSETTINGS_SCHEMA_DIR', 'GDK_BACKEND', 'GSK_RENDERER', 'GTK_A11Y',
                             'TETHER_TIMINGS', 'ASAN_OPTIONS', 'LSAN_OPTIONS', 'UBSAN_OPTIONS']
      .filter((name) => process.env[name] !== undefined)
      .map((name) => [name, process.env[name]])
      .concat([['TETHER_CONNECT_TIMEOUT_MS', '60000']])),
    stderr: 'inherit',
  });
}

const cli = (...args) => execFileSync(process.env.TETHER_CLI, ['--config', process.env.TETHER_CONFIG, ...args]);
const text = (result) => result.content?.[0]?.text;
// 1.x: callTool (params, resultSchema, options); 2.x: callTool (params, options)
const callTool = (params, options) => sdk === '1' ? client.callTool(params, undefined, options)
                                                  : client.callTool(params, options);

try {
  await withTimeout(client.connect(transport), 90000, 'connect');
  report('connect', true, client.getServerVersion?.()?.name);
  const negotiated = client.getNegotiatedProtocolVersion?.() ?? client.transport?.protocolVersion;
  report('era', era === '2026' ? negotiated === '2026-07-28' : negotiated !== '2026-07-28', negotiated ?? null);
  // The 2026-07-28 revision sends list changes only on a listen stream.
  if (era === '2026')
    await withTimeout(client.listen({ toolsListChanged: true }), 20000, 'subscriptions/listen');

  // A server crashed by the run before may still be reconnecting.
  let tools = [];
  for (let i = 0; i < 200; i++) {
    tools = (await client.listTools()).tools.map((t) => t.name);
    if (['alpha__echo', 'beta__echo', 'gamma__echo'].every((name) => tools.includes(name))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  report('list', ['alpha__echo', 'beta__echo', 'gamma__echo'].every((name) => tools.includes(name)), tools.length);

  const echo = await client.callTool({ name: 'alpha__echo', arguments: { message: 'hello through the hub' } });
  report('call', text(echo) === 'hello through the hub', text(echo));

  // a server of the other era (or the same), each in its own
  const echo2026 = await client.callTool({ name: 'gamma__echo', arguments: { message: 'hello, 2026 server' } });
  report('call-2026-server', text(echo2026) === 'hello, 2026 server', text(echo2026));

  const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
  const prompt = await client.getPrompt({ name: 'beta__greeting', arguments: { name: 'Ada' } });
  report('prompts', prompts.includes('alpha__greeting') && JSON.stringify(prompt.messages).includes('Say hello to Ada.'),
         prompts);

  const resources = (await client.listResources()).resources.map((r) => r.uri);
  const read = await client.readResource({ uri: 'fake://static/readme' });
  report('resources', resources.includes('fake://static/readme') && read.contents[0].text.includes('Read me'), resources);

  const progress = [];
  const slow = await callTool({ name: 'alpha__slow', arguments: { ms: 600, steps: 3 } },
                              { onprogress: (p) => progress.push(p.progress) });
  // The SDK may drop the last one when it comes with the result.
  report('progress', text(slow) === 'done' && progress.slice(0, 2).join(',') === '1,2', progress);

  const abort = new AbortController();
  const cancelled = callTool({ name: 'alpha__slow', arguments: { ms: 60000, steps: 600 } },
                             { signal: abort.signal, onprogress: () => abort.abort('enough') });
  let cancelOk = false;
  try { await withTimeout(cancelled, 20000, 'cancel'); } catch (e) { cancelOk = !/no answer/.test(String(e)); }
  report('cancel', cancelOk);

  // related: the fake server names the call in the request's _meta (the
  // cancelled call above may still be in flight on the same server)
  const asked = await callTool({ name: 'alpha__ask', arguments: {
    method: 'elicitation/create', related: true,
    params: { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } } });
  report('elicitation', elicited === 1 && text(asked).includes('octocat'), text(asked));

  // a 2026 server asks inside its result; the hub asks this client in its era
  const confirmed = await callTool({ name: 'gamma__confirm', arguments: {} });
  report('input-2026-server', elicited === 2 && text(confirmed).includes('octocat'), text(confirmed));

  // list_changed on disable and enable (another process edits the file)
  let change = nextChange();
  cli('disable', 'beta');
  await withTimeout(change, 20000, 'list_changed after disable');
  const afterDisable = (await client.listTools()).tools.map((t) => t.name);
  change = nextChange();
  cli('enable', 'beta');
  await withTimeout(change, 20000, 'list_changed after enable');
  report('list-changed-enable-disable', !afterDisable.includes('beta__echo') && afterDisable.includes('alpha__echo'),
         toolsChanged);

  // and on a crash
  change = nextChange();
  const crash = await client.callTool({ name: 'beta__crash', arguments: {} });
  await withTimeout(change, 20000, 'list_changed after a crash');
  report('list-changed-crash', crash.isError === true, text(crash));
} catch (error) {
  report('error', false, String(error?.stack ?? error));
} finally {
  await client.close().catch(() => {});
}
process.exit(0);

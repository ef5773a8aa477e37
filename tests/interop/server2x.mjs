#!/usr/bin/env node
// server2x.mjs — a peer on the official 2.x TypeScript server SDK
// (@modelcontextprotocol/server, and @modelcontextprotocol/node for HTTP),
// for tests/interop/test-server2x.sh and tests/bench/bench-era.py.
//
// Usage: node server2x.mjs PEERS [--era 2026|2025|dual] [--port N]
//
//   PEERS   the folder holding node_modules (BUILDDIR/peers, filled by
//           tests/interop/install-peers.sh)
//   --era   2026: the 2026-07-28 revision only, stateless; a 2025-era
//                 opening (initialize) is refused.
//           2025: a hand-wired 2025-era server (one stdio connection, or a
//                 Streamable HTTP endpoint with sessions); it knows nothing
//                 of server/discover.
//           dual: the SDK's own default, serving both eras on one
//                 connection or endpoint (a 2026 client should pick 2026).
//   --port  serve Streamable HTTP at http://127.0.0.1:N/mcp instead of
//           stdio; 0 picks a free port. The URL is printed on stdout as
//           "listening URL" once the socket is bound.
//
// What it offers, the same in every era:
//   tools      add (plain: the sum of two numbers), greet (asks for a name
//              through an input request: a 2026 client gets an
//              input_required result, a 2025 client a real
//              elicitation/create request from the SDK's legacy shim)
//   prompt     haiku (one argument, topic)
//   resource   era://info (says which era answered)
//   template   era://item/{id}
//   touch      announces a change of the tools and an update of era://info:
//              to the subscriptions/listen streams in 2026 (the handler's
//              notifier over HTTP, the pinned instance over stdio), as
//              plain notifications in 2025
//
// The SDK has no tasks extension on the server side (2.4.0), so no task
// tool is offered here.
//
// Copyright 2026 The Tether authors
// SPDX-License-Identifier: GPL-3.0-or-later

import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const args = process.argv.slice(2);
const peers = args.shift();
if (!peers) {
  process.stderr.write('usage: server2x.mjs PEERS [--era 2026|2025|dual] [--port N]\n');
  process.exit(2);
}
let era = '2026';
let port = null;
while (args.length > 0) {
  const flag = args.shift();
  const value = args.shift();
  if (flag === '--era' && ['2026', '2025', 'dual'].includes(value)) era = value;
  else if (flag === '--port' && /^[0-9]+$/.test(value ?? '')) port = Number(value);
  else {
    process.stderr.write(`server2x: bad argument ${flag} ${value ?? ''}\n`);
    process.exit(2);
  }
}

// Load the SDK from PEERS, never from wherever this script happens to live.
const require = createRequire(path.join(path.resolve(peers), 'package.json'));
const load = async (name) => import(require.resolve(name));
const sdk = await load('@modelcontextprotocol/server');
const { McpServer, ResourceTemplate, fromJsonSchema, inputRequired, acceptedContent } = sdk;

// The 2025-era server lists only the 2025 revisions, so that even its
// answer to an initialize naming 2026-07-28 stays in its own era.
const LEGACY_VERSIONS = sdk.SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v < '2026');

// Built once: the SDK's stateless entries call build() for every request
// (createMcpHandler) or connection, and the schemas need not be compiled
// again each time.
const SCHEMAS = {
  add: fromJsonSchema({
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  }),
  greet: fromJsonSchema({ type: 'object', properties: { greeting: { type: 'string' } } }),
  haiku: fromJsonSchema({
    type: 'object',
    properties: { topic: { type: 'string' } },
    required: ['topic'],
  }),
};

// The HTTP handler of the 2026 revision, whose notifier reaches the
// subscriptions/listen streams (each request gets an instance of its own).
let handler = null;

function build (servedEra) {
  // Subscriptions are the 2026 revision's (subscriptions/listen): the
  // 2025-era side offers no resources/subscribe.
  const resources = servedEra === 'modern' ? { subscribe: true, listChanged: true } : {};
  const options = { capabilities: { tools: { listChanged: true }, prompts: {}, resources } };
  if (era === '2025') options.supportedProtocolVersions = LEGACY_VERSIONS;
  const server = new McpServer({ name: 'tether-server2x', version: `era-${era}` }, options);

  server.registerTool('add', {
    description: 'Add two numbers',
    inputSchema: SCHEMAS.add,
  }, async ({ a, b }) => ({ content: [{ type: 'text', text: `sum: ${a + b}` }] }));

  server.registerTool('greet', {
    description: 'Greet someone, asking for their name first',
    inputSchema: SCHEMAS.greet,
  }, async ({ greeting }, ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'who');
    if (ctx.mcpReq.inputResponses?.who !== undefined && typeof answer?.name !== 'string') {
      const action = ctx.mcpReq.inputResponses.who.action ?? 'no answer';
      return { content: [{ type: 'text', text: `the question was answered with ${action}: nobody to greet` }], isError: true };
    }
    if (typeof answer?.name !== 'string') {
      return inputRequired({
        inputRequests: {
          who: inputRequired.elicit({
            message: 'Whom should I greet?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', description: 'Their name' } },
              required: ['name'],
            },
          }),
        },
        // opaque to the client, echoed back untouched on the retry
        requestState: Buffer.from(JSON.stringify({ greeting: greeting ?? 'Hello' })).toString('base64'),
      });
    }
    // The greeting of the retry comes from the state alone: a client that
    // drops or changes it is caught.
    const state = ctx.mcpReq.requestState();
    let saved;
    try {
      saved = JSON.parse(Buffer.from(String(state), 'base64').toString()).greeting;
    } catch {
      saved = undefined;
    }
    if (typeof saved !== 'string') {
      return { content: [{ type: 'text', text: `the request state came back as ${JSON.stringify(state)}` }], isError: true };
    }
    return { content: [{ type: 'text', text: `${saved}, ${answer.name}!` }] };
  });

  server.registerTool('touch', {
    description: 'Announce a change of the tools and an update of era://info',
  }, async () => {
    if (handler !== null && servedEra === 'modern') {
      handler.notify.toolsChanged();
      handler.notify.resourceUpdated('era://info');
    } else {
      server.sendToolListChanged();
      if (servedEra === 'modern') await server.server.sendResourceUpdated({ uri: 'era://info' });
    }
    return { content: [{ type: 'text', text: 'touched' }] };
  });

  server.registerPrompt('haiku', {
    description: 'A haiku about a topic',
    argsSchema: SCHEMAS.haiku,
  }, ({ topic }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Write a haiku about ${topic}.` } }],
  }));

  server.registerResource('info', 'era://info', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: `served by the ${servedEra} era of a ${era} server` }],
  }));

  server.registerResource('item', new ResourceTemplate('era://item/{id}', { list: undefined }),
    { mimeType: 'text/plain' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: `item number ${id}` }] }));

  return server;
}

function shutdownOn (close) {
  const stop = () => { Promise.resolve(close()).finally(() => process.exit(0)); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (port === null) {
  const stdio = await load('@modelcontextprotocol/server/stdio');
  if (era === '2025') {
    const server = build('legacy');
    await server.connect(new stdio.StdioServerTransport());
    shutdownOn(() => server.close());
  } else {
    const handle = stdio.serveStdio((ctx) => build(ctx.era),
      { legacy: era === '2026' ? 'reject' : 'serve' });
    shutdownOn(() => handle.close());
  }
} else {
  const node = await load('@modelcontextprotocol/node');
  const validHost = node.localhostHostValidation();
  const validOrigin = node.localhostOriginValidation();
  let serve;
  let close = () => {};

  if (era === '2025') {
    // Sessionful Streamable HTTP of the 2025 revision: one transport and
    // one server per session, found again by Mcp-Session-Id.
    const sessions = new Map();
    serve = async (req, res) => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (transport === undefined) {
        if (typeof id === 'string') {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
          return;
        }
        transport = new node.NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => sessions.set(sid, transport),
        });
        transport.onclose = () => { if (transport.sessionId) sessions.delete(transport.sessionId); };
        await build('legacy').connect(transport);
      }
      await transport.handleRequest(req, res);
    };
    close = () => Promise.all([...sessions.values()].map((t) => t.close()));
  } else {
    handler = sdk.createMcpHandler((ctx) => build(ctx.era),
      { legacy: era === '2026' ? 'reject' : 'stateless' });
    serve = node.toNodeHandler(handler);
    close = () => handler.close();
  }

  const http = createServer((req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (new URL(req.url, 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    Promise.resolve(serve(req, res)).catch((error) => {
      process.stderr.write(`server2x: ${error.stack ?? error}\n`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  http.listen(port, '127.0.0.1', () => {
    process.stdout.write(`listening http://127.0.0.1:${http.address().port}/mcp\n`);
  });
  shutdownOn(() => { http.close(); http.closeAllConnections(); return close(); });
}

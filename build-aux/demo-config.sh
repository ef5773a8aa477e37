#!/bin/sh
# demo-config.sh BUILDDIR — write the demo configuration into the build tree
# and print its path. It never touches the user's own servers.json.
#
# The servers show every state: "example" works (the built fake MCP server,
# with tools, prompts and resources), "flaky" crashes every 20 s and is
# reconnected, "weather" fails with a clear reason (its command does not
# exist), and "docs" is a remote server that is switched off.
set -eu
builddir=$(cd "${1:?usage: demo-config.sh BUILDDIR}" && pwd)
fake=$builddir/tests/fake-mcp-server
[ -x "$fake" ] || { echo "demo-config: $fake is not built (meson compile -C $builddir)" >&2; exit 1; }
case "$fake" in *'"'*|*'\'*) echo "demo-config: cannot quote $fake in JSON" >&2; exit 1 ;; esac

mkdir -p "$builddir/demo"
out=$builddir/demo/servers.json
cat > "$out.tmp" <<JSON
{
  "mcpServers": {
    "example": {
      "command": "$fake",
      "args": ["--stderr-flood", "3", "--use-extras"]
    },
    "flaky": {
      "command": "$fake",
      "args": ["--crash-after-ms", "20000"]
    },
    "weather": {
      "command": "mcp-server-weather",
      "args": ["--units", "metric"]
    },
    "docs": {
      "type": "http",
      "url": "https://mcp.example.com/docs",
      "headers": { "Authorization": "Bearer demo-token" },
      "disabled": true
    }
  }
}
JSON
mv "$out.tmp" "$out"
echo "$out"

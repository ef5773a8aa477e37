/* tether-import-result.h
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * TetherImportFormat:
 * @TETHER_IMPORT_FORMAT_UNKNOWN: not recognised
 * @TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP: `claude_desktop_config.json`
 * @TETHER_IMPORT_FORMAT_VSCODE: VS Code `mcp.json` (`servers`, `inputs`)
 * @TETHER_IMPORT_FORMAT_VSCODE_SETTINGS: VS Code `settings.json` (`mcp.servers`)
 * @TETHER_IMPORT_FORMAT_CURSOR: Cursor `mcp.json`
 * @TETHER_IMPORT_FORMAT_WINDSURF: Windsurf `mcp_config.json` (`serverUrl`)
 * @TETHER_IMPORT_FORMAT_ZED: Zed `settings.json` (`context_servers`)
 * @TETHER_IMPORT_FORMAT_LM_STUDIO: LM Studio `mcp.json`
 * @TETHER_IMPORT_FORMAT_CLINE: Cline `cline_mcp_settings.json`
 * @TETHER_IMPORT_FORMAT_FIVE_IRE: 5ire `mcp.json`
 * @TETHER_IMPORT_FORMAT_GEMINI_CLI: Gemini CLI `settings.json`
 * @TETHER_IMPORT_FORMAT_CLAUDE_CODE: Claude Code `.mcp.json` or `~/.claude.json`
 * @TETHER_IMPORT_FORMAT_CODEX: Codex `config.toml` (`[mcp_servers.NAME]`)
 * @TETHER_IMPORT_FORMAT_GOOSE: goose `config.yaml` (`extensions`)
 * @TETHER_IMPORT_FORMAT_MCP_SERVERS: an `mcpServers` file no client could be
 *   told from (the shape Claude Desktop, Cursor and others share)
 * @TETHER_IMPORT_FORMAT_FRAGMENT: a bare `{ "name": { "command": … } }` map
 * @TETHER_IMPORT_FORMAT_SINGLE_SERVER: one server entry on its own
 *
 * Which client's file the importer recognised: each value is one entry of
 * the client table (tether-import-clients.c), which gives its nick and its
 * display name. A client added to the table without a name here has a
 * value of its own all the same, numbered after these.
 */
typedef enum
{
  TETHER_IMPORT_FORMAT_UNKNOWN,
  TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP,
  TETHER_IMPORT_FORMAT_VSCODE,
  TETHER_IMPORT_FORMAT_VSCODE_SETTINGS,
  TETHER_IMPORT_FORMAT_CURSOR,
  TETHER_IMPORT_FORMAT_WINDSURF,
  TETHER_IMPORT_FORMAT_ZED,
  TETHER_IMPORT_FORMAT_LM_STUDIO,
  TETHER_IMPORT_FORMAT_CLINE,
  TETHER_IMPORT_FORMAT_FIVE_IRE,
  TETHER_IMPORT_FORMAT_GEMINI_CLI,
  TETHER_IMPORT_FORMAT_CLAUDE_CODE,
  TETHER_IMPORT_FORMAT_CODEX,
  TETHER_IMPORT_FORMAT_GOOSE,
  TETHER_IMPORT_FORMAT_MCP_SERVERS,
  TETHER_IMPORT_FORMAT_FRAGMENT,
  TETHER_IMPORT_FORMAT_SINGLE_SERVER,
} TetherImportFormat;

#define TETHER_TYPE_IMPORT_FORMAT (tether_import_format_get_type ())

GType       tether_import_format_get_type         (void) G_GNUC_CONST;
const char *tether_import_format_get_display_name (TetherImportFormat format);

#define TETHER_TYPE_IMPORT_RESULT (tether_import_result_get_type ())

G_DECLARE_FINAL_TYPE (TetherImportResult, tether_import_result, TETHER, IMPORT_RESULT, GObject)

GFile              *tether_import_result_get_file         (TetherImportResult *self);
const char         *tether_import_result_get_display_name (TetherImportResult *self);
TetherImportFormat  tether_import_result_get_format       (TetherImportResult *self);
GListModel         *tether_import_result_get_items        (TetherImportResult *self);
GListModel         *tether_import_result_get_variables    (TetherImportResult *self);
const char * const *tether_import_result_get_warnings     (TetherImportResult *self);
guint               tether_import_result_get_n_servers    (TetherImportResult *self);

G_END_DECLS

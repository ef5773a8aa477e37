/* tether-import-clients.c — the clients Tether imports from, one entry each
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything the importer knows of a client is its entry in the table
 * below: its name, the syntax and shape of its file, where its servers are,
 * how its entries spell URLs and say they are off, the unit of its timeouts
 * and the placeholders its values hold, what tells its file from the other
 * clients' files with the same servers key, and where discovery looks.
 *
 * To add a client whose file has a shape Tether reads already (the
 * `mcpServers` map most clients share, `servers`, Codex's TOML, goose's
 * YAML):
 *
 *   1. add one entry to clients[], leaving .format out: it gets a
 *      TetherImportFormat of its own, whose nick is .id and whose display
 *      name is .name (tether_import_format_get_display_name()), and the
 *      importer's result and discovery's sources carry it;
 *   2. give it something that tells its file apart (.file_names,
 *      .dir_names, or a location: a file found at the end of one of its
 *      .locations is its), unless it has a servers key of its own;
 *   3. add its name to po/ (it is marked N_()).
 *
 * Nothing else changes: recognition, the readers of entries, variables,
 * timeouts and discovery all read this table. The order of the table is the
 * order of discovery, and where two clients share a servers key, the first
 * whose hint matches wins (entry keys first, then top-level keys, then
 * where the file is, then its name, then its folder); an entry without any
 * hint is the last resort for its key.
 */

#define G_LOG_DOMAIN "tether-import"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "tether-import-clients-private.h"

#define STRV(...) ((const char * const[]) { __VA_ARGS__, NULL })

/* The servers of most clients: a map of entries, or an array of them. */
static const TetherImportRoot mcp_servers[] = {
  { "mcpServers", TETHER_IMPORT_SERVERS_MAP_OR_ARRAY, "name", NULL },
  { NULL }
};

static const TetherImportUrlKey common_url_keys[] = {
  { "httpUrl", TETHER_SERVER_KIND_HTTP },
  { "url", TETHER_SERVER_KIND_AUTO },
  { "serverUrl", TETHER_SERVER_KIND_AUTO },
  { NULL }
};

/* Gemini CLI: `url` is legacy SSE, `httpUrl` Streamable HTTP. */
static const TetherImportUrlKey gemini_url_keys[] = {
  { "httpUrl", TETHER_SERVER_KIND_HTTP },
  { "url", TETHER_SERVER_KIND_SSE },
  { "serverUrl", TETHER_SERVER_KIND_AUTO },
  { NULL }
};

static const TetherImportDisabledKey common_disabled_keys[] = {
  { "disabled", TRUE },
  { "enabled", FALSE },
  { "isActive", FALSE },
  { NULL }
};

#define ENV TETHER_IMPORT_VARIABLES_ENV_BRACES
#define COMMON_KEYS .url_keys = common_url_keys, .disabled_keys = common_disabled_keys

static const TetherImportClient clients[] = {
  {
    .format = TETHER_IMPORT_FORMAT_CLAUDE_DESKTOP, .id = "claude-desktop", .name = N_("Claude Desktop"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV, .quirks = TETHER_IMPORT_QUIRK_STDIO_ONLY,
    .root_hints = STRV ("preferences", "globalShortcut"),
    .file_names = STRV ("claude_desktop_config.json"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_CONFIG, "Claude/claude_desktop_config.json", TRUE },
      { NULL } },
    /* Remote entries are ignored there: the bridge. */
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .command_key = "command", },
  },
  {
    .format = TETHER_IMPORT_FORMAT_CLAUDE_CODE, .id = "claude-code", .name = N_("Claude Code"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV,
    .root_hints = STRV ("projects", "numStartups", "userID", "installMethod"),
    .file_names = STRV (".mcp.json", ".claude.json"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".claude.json", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "url", .headers_key = "headers",
      .type_key = "type", .http_type = "http", .stdio_type = "stdio", .command_key = "command", },
  },
  {
    /* ${NAME} is no reference to the environment in VS Code. */
    .format = TETHER_IMPORT_FORMAT_VSCODE, .id = "vscode", .name = N_("VS Code (mcp.json)"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = (const TetherImportRoot[]) {
      { "servers", TETHER_IMPORT_SERVERS_MAP, NULL, "inputs" },
      { NULL } },
    .locations = (const TetherImportLocation[]) {
      { N_("VS Code"), TETHER_IMPORT_BASE_CONFIG, "Code/User/mcp.json", TRUE },
      { N_("VS Code Insiders"), TETHER_IMPORT_BASE_CONFIG, "Code - Insiders/User/mcp.json", TRUE },
      { N_("VSCodium"), TETHER_IMPORT_BASE_CONFIG, "VSCodium/User/mcp.json", TRUE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "servers", .url_key = "url", .headers_key = "headers",
      .type_key = "type", .http_type = "http", .stdio_type = "stdio", .command_key = "command", },
  },
  {
    .format = TETHER_IMPORT_FORMAT_VSCODE_SETTINGS, .id = "vscode-settings",
    .name = N_("VS Code (settings.json)"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = (const TetherImportRoot[]) {
      { "mcp.servers", TETHER_IMPORT_SERVERS_MAP, NULL, "mcp.inputs" },
      { NULL } },
    .locations = (const TetherImportLocation[]) {
      { N_("VS Code"), TETHER_IMPORT_BASE_CONFIG, "Code/User/settings.json", FALSE },
      { N_("VS Code Insiders"), TETHER_IMPORT_BASE_CONFIG, "Code - Insiders/User/settings.json", FALSE },
      { NULL } },
  },
  {
    .format = TETHER_IMPORT_FORMAT_CURSOR, .id = "cursor", .name = N_("Cursor"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV,
    .dir_names = STRV (".cursor"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".cursor/mcp.json", TRUE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "url", .headers_key = "headers",
      .command_key = "command", },
  },
  {
    .format = TETHER_IMPORT_FORMAT_WINDSURF, .id = "windsurf", .name = N_("Windsurf"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV,
    .entry_hints = STRV ("serverUrl"),
    .file_names = STRV ("mcp_config.json"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".codeium/windsurf/mcp_config.json", TRUE },
      { N_("Windsurf (JetBrains)"), TETHER_IMPORT_BASE_HOME, ".codeium/mcp_config.json", TRUE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "serverUrl", .headers_key = "headers",
      .command_key = "command", .off_key = "disabled", .off_value = TRUE, },
  },
  {
    /* Entries of Zed's extensions carry only their settings. */
    .format = TETHER_IMPORT_FORMAT_ZED, .id = "zed", .name = N_("Zed"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = (const TetherImportRoot[]) {
      { "context_servers", TETHER_IMPORT_SERVERS_MAP, NULL, NULL },
      { NULL } },
    .variables = ENV, .quirks = TETHER_IMPORT_QUIRK_EXTENSION_ENTRIES,
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_CONFIG, "zed/settings.json", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "context_servers", .url_key = "url", .headers_key = "headers",
      .command_key = "command", .off_key = "enabled", .off_value = FALSE, },
  },
  {
    .format = TETHER_IMPORT_FORMAT_LM_STUDIO, .id = "lm-studio", .name = N_("LM Studio"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV,
    .dir_names = STRV (".lmstudio"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".lmstudio/mcp.json", TRUE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "url", .headers_key = "headers",
      .command_key = "command", },
  },
  {
    /* `url` is legacy SSE, timeouts are in milliseconds, values may name
     * variables as $NAME. */
    .format = TETHER_IMPORT_FORMAT_GEMINI_CLI, .id = "gemini-cli", .name = N_("Gemini CLI"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, .roots = mcp_servers,
    .url_keys = gemini_url_keys, .disabled_keys = common_disabled_keys,
    .timeout = TETHER_IMPORT_TIMEOUT_MILLISECONDS,
    .variables = ENV | TETHER_IMPORT_VARIABLES_DOLLAR,
    .entry_hints = STRV ("httpUrl", "trust", "includeTools", "excludeTools", "authProviderType"),
    .root_hints = STRV ("selectedAuthType", "contextFileName", "autoAccept", "checkpointing",
                        "hideBanner"),
    .file_names = STRV ("settings.json"),
    .dir_names = STRV (".gemini"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".gemini/settings.json", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "httpUrl", .headers_key = "headers",
      .command_key = "command", },
  },
  {
    .format = TETHER_IMPORT_FORMAT_CODEX, .id = "codex", .name = N_("Codex"),
    .syntax = TETHER_IMPORT_SYNTAX_TOML, .shape = TETHER_IMPORT_SHAPE_CODEX,
    .roots = (const TetherImportRoot[]) {
      { "mcp_servers", TETHER_IMPORT_SERVERS_MAP, NULL, NULL },
      { NULL } },
    .variables = ENV,
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_HOME, ".codex/config.toml", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcp_servers", .url_key = "url", .headers_key = "http_headers",
      .command_key = "command", .off_key = "enabled", .off_value = FALSE, },
  },
  {
    /* Timeouts are in seconds; a URL without a type is legacy SSE (Tether
     * tries Streamable HTTP first all the same). */
    .format = TETHER_IMPORT_FORMAT_CLINE, .id = "cline", .name = N_("Cline"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .timeout = TETHER_IMPORT_TIMEOUT_SECONDS,
    .variables = ENV, .quirks = TETHER_IMPORT_QUIRK_UNTYPED_URL_IS_SSE,
    .entry_hints = STRV ("transportType", "autoApprove", "alwaysAllow"),
    .file_names = STRV ("cline_mcp_settings.json", "mcp_settings.json"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_CONFIG,
        "Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json", FALSE },
      { N_("Cline (VS Code Insiders)"), TETHER_IMPORT_BASE_CONFIG,
        "Code - Insiders/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json", FALSE },
      { N_("Cline (Cursor)"), TETHER_IMPORT_BASE_CONFIG,
        "Cursor/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json", FALSE },
      { N_("Roo Code"), TETHER_IMPORT_BASE_CONFIG,
        "Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "url", .headers_key = "headers",
      .type_key = "type", .http_type = "streamableHttp", .stdio_type = "stdio", .command_key = "command",
      .off_key = "disabled", .off_value = TRUE, },
  },
  {
    .format = TETHER_IMPORT_FORMAT_GOOSE, .id = "goose", .name = N_("goose"),
    .syntax = TETHER_IMPORT_SYNTAX_YAML, .shape = TETHER_IMPORT_SHAPE_GOOSE,
    .roots = (const TetherImportRoot[]) {
      { "extensions", TETHER_IMPORT_SERVERS_MAP, NULL, NULL },
      { NULL } },
    .variables = ENV,
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_CONFIG, "goose/config.yaml", FALSE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "extensions", .url_key = "uri", .headers_key = "headers",
      .type_key = "type", .http_type = "streamable_http", .stdio_type = "stdio", .command_key = "cmd",
      .name_key = "name", .on_key = "enabled", .off_key = "enabled", .off_value = FALSE, },
  },
  {
    /* Catalog entries hold {{name@type::description}}; an older file has
     * an array of servers named by "key". */
    .format = TETHER_IMPORT_FORMAT_FIVE_IRE, .id = "5ire", .name = N_("5ire"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = (const TetherImportRoot[]) {
      { "mcpServers", TETHER_IMPORT_SERVERS_MAP_OR_ARRAY, "name", NULL },
      { "servers", TETHER_IMPORT_SERVERS_ARRAY, "key", NULL },
      { NULL } },
    .variables = ENV | TETHER_IMPORT_VARIABLES_FIVE_IRE,
    .entry_hints = STRV ("isActive", "approvalPolicy"),
    .dir_names = STRV ("5ire"),
    .locations = (const TetherImportLocation[]) {
      { NULL, TETHER_IMPORT_BASE_CONFIG, "5ire/mcp.json", TRUE },
      { NULL } },
    .writing = &(const TetherImportWriting) {
      .servers_key = "mcpServers", .url_key = "url", .headers_key = "headers",
      .command_key = "command", .off_key = "isActive", .off_value = FALSE, },
  },

  /* Not a client's: what is left when no client's hint matches. */
  {
    .format = TETHER_IMPORT_FORMAT_MCP_SERVERS, .id = "mcp-servers",
    .name = N_("MCP server list (mcpServers)"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_COMMON, COMMON_KEYS,
    .roots = mcp_servers,
    .variables = ENV,
  },
  {
    .format = TETHER_IMPORT_FORMAT_FRAGMENT, .id = "fragment", .name = N_("Server list fragment"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_FRAGMENT,
    COMMON_KEYS, .variables = ENV,
  },
  {
    .format = TETHER_IMPORT_FORMAT_SINGLE_SERVER, .id = "single-server", .name = N_("Single server"),
    .syntax = TETHER_IMPORT_SYNTAX_JSON, .shape = TETHER_IMPORT_SHAPE_SINGLE_SERVER,
    COMMON_KEYS, .variables = ENV,
  },
};

/* By format: the numbers the table gives, with those left out assigned in
 * the table's order after the named ones. */
static const TetherImportClient **by_format;
static guint n_formats;

static void
number_formats (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      guint next = TETHER_IMPORT_FORMAT_SINGLE_SERVER + 1;
      guint n = next + G_N_ELEMENTS (clients);
      const TetherImportClient **table = g_new0 (const TetherImportClient *, n);

      for (guint i = 0; i < G_N_ELEMENTS (clients); i++)
        {
          guint format = clients[i].format != 0 ? (guint)clients[i].format : next++;

          g_assert (format < n && table[format] == NULL);
          table[format] = &clients[i];
        }
      by_format = table;
      n_formats = next;
      g_once_init_leave (&done, 1);
    }
}

guint
_tether_import_clients_get_n (void)
{
  return G_N_ELEMENTS (clients);
}

const TetherImportClient *
_tether_import_clients_get_nth (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (clients), NULL);

  return &clients[index];
}

/* The client of @format, or NULL for TETHER_IMPORT_FORMAT_UNKNOWN. */
const TetherImportClient *
_tether_import_clients_lookup (TetherImportFormat format)
{
  number_formats ();

  return (guint)format < n_formats ? by_format[format] : NULL;
}

TetherImportFormat
_tether_import_client_get_format (const TetherImportClient *client)
{
  number_formats ();

  for (guint i = 1; i < n_formats; i++)
    {
      if (by_format[i] == client)
        return i;
    }

  g_return_val_if_reached (TETHER_IMPORT_FORMAT_UNKNOWN);
}

GType
tether_import_format_get_type (void)
{
  static gsize type;

  if (g_once_init_enter (&type))
    {
      GEnumValue *values;
      GType id;

      number_formats ();
      /* Kept for the life of the process, as GObject wants. */
      values = g_new0 (GEnumValue, n_formats + 1);
      values[0] = (GEnumValue) { TETHER_IMPORT_FORMAT_UNKNOWN, "TETHER_IMPORT_FORMAT_UNKNOWN",
                                 "unknown" };
      for (guint i = 1; i < n_formats; i++)
        {
          g_autofree char *upper = g_ascii_strup (by_format[i]->id, -1);
          g_autofree char *name = NULL;

          g_strcanon (upper, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", '_');
          name = g_strconcat ("TETHER_IMPORT_FORMAT_", upper, NULL);

          values[i] = (GEnumValue) { (int)i, g_intern_string (name), by_format[i]->id };
        }
      id = g_enum_register_static (g_intern_static_string ("TetherImportFormat"), values);
      g_once_init_leave (&type, id);
    }

  return type;
}

/**
 * tether_import_format_get_display_name:
 * @format: a #TetherImportFormat
 *
 * Returns: a translated name for the format, for the preview's title
 */
const char *
tether_import_format_get_display_name (TetherImportFormat format)
{
  const TetherImportClient *client = _tether_import_clients_lookup (format);

  return client != NULL ? g_dgettext (GETTEXT_PACKAGE, client->name) : _("Unknown format");
}

/* mcp-list-kind.c — the four lists a server offers, and their methods
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-list-kind.h"

/* The one table of the list methods, and the member of a result that
 * holds each list's items */
static const struct {
  const char *method;
  const char *member;
} list_kinds[MCP_LIST_N_KINDS] = {
  [MCP_LIST_TOOLS] = { "tools/list", "tools" },
  [MCP_LIST_PROMPTS] = { "prompts/list", "prompts" },
  [MCP_LIST_RESOURCES] = { "resources/list", "resources" },
  [MCP_LIST_RESOURCE_TEMPLATES] = { "resources/templates/list", "resourceTemplates" },
};

/**
 * mcp_list_kind_for_method:
 * @method: (nullable): a method name, such as `tools/list`
 *
 * Returns: the list @method asks for, or %MCP_LIST_N_KINDS when it is no
 *   list method
 */
McpListKind
mcp_list_kind_for_method (const char *method)
{
  for (guint i = 0; i < MCP_LIST_N_KINDS; i++)
    if (g_strcmp0 (list_kinds[i].method, method) == 0)
      return i;

  return MCP_LIST_N_KINDS;
}

/**
 * mcp_list_kind_get_method:
 * @kind: a list
 *
 * Returns: the method that asks for @kind, such as `tools/list`
 */
const char *
mcp_list_kind_get_method (McpListKind kind)
{
  g_return_val_if_fail (kind < MCP_LIST_N_KINDS, NULL);

  return list_kinds[kind].method;
}

/**
 * mcp_list_kind_get_member:
 * @kind: a list
 *
 * Returns: the member of a result that holds @kind's items, such as
 *   `tools`
 */
const char *
mcp_list_kind_get_member (McpListKind kind)
{
  g_return_val_if_fail (kind < MCP_LIST_N_KINDS, NULL);

  return list_kinds[kind].member;
}

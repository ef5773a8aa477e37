/* mcp-prompt.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "mcp-prompt"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mcp-error.h"
#include "mcp-json-private.h"
#include "mcp-prompt.h"

/* A prompt a server offers (Prompts › Listing). */

struct _McpPrompt
{
  McpItem   parent_instance;

  JsonNode *arguments;
};

G_DEFINE_FINAL_TYPE (McpPrompt, mcp_prompt, MCP_TYPE_ITEM)

enum {
  PROP_0,
  PROP_ARGUMENTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
mcp_prompt_finalize (GObject *object)
{
  McpPrompt *self = (McpPrompt *)object;

  g_clear_pointer (&self->arguments, json_node_unref);

  G_OBJECT_CLASS (mcp_prompt_parent_class)->finalize (object);
}

static void
mcp_prompt_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  McpPrompt *self = MCP_PROMPT (object);

  switch (prop_id)
    {
    case PROP_ARGUMENTS:
      g_value_set_boxed (value, self->arguments);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcp_prompt_class_init (McpPromptClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mcp_prompt_finalize;
  object_class->get_property = mcp_prompt_get_property;

  /**
   * McpPrompt:arguments:
   *
   * The arguments: an array of {name, description?, required?}.
   */
  properties[PROP_ARGUMENTS] =
    g_param_spec_boxed ("arguments", NULL, NULL,
                        JSON_TYPE_NODE,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mcp_prompt_init (McpPrompt *self)
{
}

/**
 * mcp_prompt_new_from_json:
 * @object: an entry of the server's list
 * @error: return location for an error
 *
 * Returns: (transfer full) (nullable): the item, or %NULL with
 *   %MCP_ERROR_INVALID_RESPONSE when a required member is missing
 */
McpPrompt *
mcp_prompt_new_from_json (JsonObject  *object,
                          GError     **error)
{
  McpPrompt *self;

  g_return_val_if_fail (object != NULL, NULL);

  if (!mcp_json_has_string (object, "name"))
    {
      g_set_error (error, MCP_ERROR, MCP_ERROR_INVALID_RESPONSE, _("A prompt has no name"));
      return NULL;
    }

  self = g_object_new (MCP_TYPE_PROMPT, "json", object, NULL);
  self->arguments = mcp_json_dup_node (object, "arguments");

  return self;
}

JsonNode *
mcp_prompt_get_arguments (McpPrompt *self)
{
  g_return_val_if_fail (MCP_IS_PROMPT (self), NULL);

  return self->arguments;
}

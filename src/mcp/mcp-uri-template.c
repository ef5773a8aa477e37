/* mcp-uri-template.c — the URI templates of resource templates (RFC 6570)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A resource template's `uriTemplate`, such as "file:///{path}" or
 * "db://{table}{?limit,offset}": the names of its variables, for a form,
 * and the URI once they are given. Every operator of level 3 is known
 * ("", "+", "#", ".", "/", ";", "?", "&"), with the prefix modifier (":3");
 * the values are strings, so the explode modifier ("*") changes nothing.
 * A variable without a value is left out, as the RFC says; an expression
 * that is never closed is copied as it is.
 */

#include "config.h"

#include <string.h>

#include "mcp-uri-template.h"

typedef struct
{
  char        op;         /* '\0' for a simple expression */
  const char *first;      /* before the first expansion */
  const char *separator;  /* between two */
  gboolean    named;      /* "name=value" */
  const char *if_empty;   /* after the name of an empty value */
  gboolean    reserved;   /* reserved characters pass unescaped */
} Operator;

static const Operator operators[] = {
  { '\0', "",  ",", FALSE, "",  FALSE },
  { '+',  "",  ",", FALSE, "",  TRUE },
  { '#',  "#", ",", FALSE, "",  TRUE },
  { '.',  ".", ".", FALSE, "",  FALSE },
  { '/',  "/", "/", FALSE, "",  FALSE },
  { ';',  ";", ";", TRUE,  "",  FALSE },
  { '?',  "?", "&", TRUE,  "=", FALSE },
  { '&',  "&", "&", TRUE,  "=", FALSE },
};

#define RESERVED ":/?#[]@!$&'()*+,;="

static const Operator *
find_operator (char c)
{
  for (guint i = 1; i < G_N_ELEMENTS (operators); i++)
    if (operators[i].op == c)
      return &operators[i];

  return NULL;
}

/* "name:3*" → "name", and the prefix length (0 for none) */
static char *
parse_varspec (const char *spec,
               guint      *prefix)
{
  const char *colon = strchr (spec, ':');
  gsize length = colon != NULL ? (gsize)(colon - spec) : strlen (spec);

  *prefix = colon != NULL ? (guint)g_ascii_strtoull (colon + 1, NULL, 10) : 0;
  if (length > 0 && spec[length - 1] == '*')
    length--;

  return g_strndup (spec, length);
}

static const char *
get_value (JsonObject *values,
           const char *name)
{
  JsonNode *node = values != NULL ? json_object_get_member (values, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static void
expand_expression (GString    *out,
                   const char *expression,
                   JsonObject *values)
{
  const Operator *op = find_operator (expression[0]);
  g_auto(GStrv) specs = NULL;
  gboolean first = TRUE;

  if (op != NULL)
    expression++;
  else
    op = &operators[0];

  specs = g_strsplit (expression, ",", -1);
  for (guint i = 0; specs[i] != NULL; i++)
    {
      guint prefix;
      g_autofree char *name = parse_varspec (specs[i], &prefix);
      const char *value = get_value (values, name);
      g_autofree char *cut = NULL;
      g_autofree char *escaped = NULL;

      if (value == NULL)
        continue;

      if (prefix > 0 && g_utf8_strlen (value, -1) > prefix)
        value = cut = g_utf8_substring (value, 0, prefix);

      g_string_append (out, first ? op->first : op->separator);
      first = FALSE;
      if (op->named)
        {
          g_string_append (out, name);
          if (*value == '\0')
            {
              g_string_append (out, op->if_empty);
              continue;
            }
          g_string_append_c (out, '=');
        }

      escaped = g_uri_escape_string (value, op->reserved ? RESERVED : NULL, FALSE);
      g_string_append (out, escaped);
    }
}

/**
 * mcp_uri_template_get_variables:
 * @uri_template: a URI template
 *
 * Returns: (transfer full): the names of its variables, each once, in order
 */
GStrv
mcp_uri_template_get_variables (const char *uri_template)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *p = uri_template;

  g_return_val_if_fail (uri_template != NULL, NULL);

  while ((p = strchr (p, '{')) != NULL)
    {
      const char *end = strchr (p, '}');
      g_autofree char *expression = NULL;
      g_auto(GStrv) specs = NULL;
      const char *body;

      if (end == NULL)
        break;

      expression = g_strndup (p + 1, end - p - 1);
      body = find_operator (expression[0]) != NULL ? expression + 1 : expression;
      specs = g_strsplit (body, ",", -1);
      for (guint i = 0; specs[i] != NULL; i++)
        {
          guint prefix;
          g_autofree char *name = parse_varspec (specs[i], &prefix);

          if (*name != '\0' && !g_hash_table_contains (seen, name))
            {
              g_strv_builder_add (builder, name);
              g_hash_table_add (seen, g_steal_pointer (&name));
            }
        }
      p = end + 1;
    }

  return g_strv_builder_end (builder);
}

/**
 * mcp_uri_template_expand:
 * @uri_template: a URI template
 * @values: (nullable): the variables' values, as strings
 *
 * Returns: (transfer full): the URI
 */
char *
mcp_uri_template_expand (const char *uri_template,
                         JsonObject *values)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = uri_template;

  g_return_val_if_fail (uri_template != NULL, NULL);

  while (*p != '\0')
    {
      const char *open = strchr (p, '{');
      const char *end = open != NULL ? strchr (open, '}') : NULL;
      g_autofree char *expression = NULL;

      if (open == NULL || end == NULL)
        {
          g_string_append (out, p);
          break;
        }

      g_string_append_len (out, p, open - p);
      expression = g_strndup (open + 1, end - open - 1);
      expand_expression (out, expression, values);
      p = end + 1;
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

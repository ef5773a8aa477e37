/* tether-hub-entry.c — a tool or a prompt as the hub offers it, written from the server's text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An item of a server's list keeps its entry as compact JSON text (the
 * mcp-json writer's: no whitespace, every member name written as it
 * reads). The hub offers the entry with a few members rewritten: here the
 * text is copied member by member, those few written anew, and every
 * other member (the schemas, whatever their size) spliced as it is: no
 * tree is built, at any size of list.
 */

#include "config.h"

#include <string.h>

#include "mcp-json.h"

#include "tether-hub-entry.h"

/* Past the string that starts at @p (its opening quote). */
static const char *
skip_string (const char *p)
{
  for (p++; *p != '"' && *p != '\0'; p++)
    if (*p == '\\' && p[1] != '\0')
      p++;

  return *p == '"' ? p + 1 : p;
}

/* Past the value that starts at @p: a string, an object or an array
 * (whatever it holds), else a number or a word up to what follows it. */
static const char *
skip_value (const char *p)
{
  guint depth = 0;

  do
    {
      switch (*p)
        {
        case '\0':
          return p;

        case '"':
          p = skip_string (p);
          break;

        case '{':
        case '[':
          depth++;
          p++;
          break;

        case '}':
        case ']':
          if (depth == 0)
            return p;
          depth--;
          p++;
          break;

        default:
          if (depth == 0)
            {
              while (*p != ',' && *p != '}' && *p != ']' && *p != '\0')
                p++;
              return p;
            }
          p++;
          break;
        }
    }
  while (depth > 0);

  return p;
}

static gboolean
key_is (const char *key,
        gsize       length,
        const char *quoted)
{
  return length == strlen (quoted) && memcmp (key, quoted, length) == 0;
}

static void
write_member (GString    *out,
              gboolean   *first,
              const char *key)
{
  if (!*first)
    g_string_append_c (out, ',');
  *first = FALSE;
  g_string_append_c (out, '"');
  g_string_append (out, key);
  g_string_append (out, "\":");
}

static void
write_description (GString    *out,
                   const char *server,
                   const char *description)
{
  g_autofree char *described = NULL;

  if (description != NULL && *description != '\0')
    described = g_strdup_printf ("[%s] %s", server, description);
  else
    described = g_strdup_printf ("[%s]", server);
  mcp_json_write_string (described, out);
}

/**
 * _tether_hub_entry_write_renamed:
 * @text: the entry as its item keeps it: a JSON object, compact
 * @name: the name the hub offers it under
 * @server: the server's name
 * @label: the entry's title, else what its item shows for it
 * @description: (nullable): the entry's description
 * @drop_execution: whether to leave out `execution` (a tool that runs as
 *   a task is run as one by Tether: the hub offers it as a plain tool)
 * @out: where to append the entry
 *
 * Appends the entry renamed: `name` is @name, `title` is kept (@label if
 * it had none), the description starts with the server's name. Members
 * keep their order; `title` and `description`, if new, come last.
 */
void
_tether_hub_entry_write_renamed (const char *text,
                                 const char *name,
                                 const char *server,
                                 const char *label,
                                 const char *description,
                                 gboolean    drop_execution,
                                 GString    *out)
{
  const char *p = text;
  gboolean first = TRUE;
  gboolean named = FALSE;
  gboolean titled = FALSE;
  gboolean described = FALSE;

  g_string_append_c (out, '{');
  if (*p == '{')
    p++;

  while (*p == '"')
    {
      const char *key = p;
      const char *key_end = skip_string (p);
      const char *value;
      const char *value_end;
      gsize length = key_end - key;

      if (*key_end != ':')
        break;
      value = key_end + 1;
      value_end = skip_value (value);

      if (drop_execution && key_is (key, length, "\"execution\""))
        ;
      else if (key_is (key, length, "\"name\""))
        {
          write_member (out, &first, "name");
          mcp_json_write_string (name, out);
          named = TRUE;
        }
      else if (key_is (key, length, "\"description\""))
        {
          write_member (out, &first, "description");
          write_description (out, server, description);
          described = TRUE;
        }
      else
        {
          if (!first)
            g_string_append_c (out, ',');
          first = FALSE;
          g_string_append_len (out, key, value_end - key);
          titled |= key_is (key, length, "\"title\"");
        }

      p = value_end;
      if (*p == ',')
        p++;
    }

  if (!named)
    {
      write_member (out, &first, "name");
      mcp_json_write_string (name, out);
    }
  if (!titled && label != NULL)
    {
      write_member (out, &first, "title");
      mcp_json_write_string (label, out);
    }
  if (!described)
    {
      write_member (out, &first, "description");
      write_description (out, server, description);
    }
  g_string_append_c (out, '}');
}

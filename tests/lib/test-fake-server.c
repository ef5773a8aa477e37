/* test-fake-server.c
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "test-fake-server.h"

static void
add_args (GStrvBuilder *builder,
          const char   *first_arg,
          va_list       args)
{
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_strv_builder_add (builder, arg);
}

/* The fake server's command line with @args (NULL-terminated): its path
 * first. Free with g_strfreev(). */
GStrv
test_fake_server_argv_va (const char *first_arg,
                          va_list     args)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add (builder, FAKE_MCP_SERVER);
  add_args (builder, first_arg, args);

  return g_strv_builder_end (builder);
}

GStrv
test_fake_server_argv (const char *first_arg,
                       ...)
{
  GStrv argv;
  va_list args;

  va_start (args, first_arg);
  argv = test_fake_server_argv_va (first_arg, args);
  va_end (args);

  return argv;
}

/* A servers.json entry (a JSON object's text) running the fake server:
 * "--count-file @count_file" first when @count_file is not NULL, then
 * @extra_args (JSON array items, such as "\"--tools\", \"2\""), and
 * @extra_members (JSON object members, such as "\"disabled\": true"). */
char *
test_fake_server_entry (const char *count_file,
                        const char *extra_args,
                        const char *extra_members)
{
  g_autoptr(GString) entry = g_string_new (NULL);

  g_string_append_printf (entry, "{\"command\": \"%s\", \"args\": [", FAKE_MCP_SERVER);
  if (count_file != NULL)
    g_string_append_printf (entry, "\"--count-file\", \"%s\"", count_file);
  if (extra_args != NULL)
    g_string_append_printf (entry, "%s%s", count_file != NULL ? ", " : "", extra_args);
  g_string_append (entry, "]");
  if (extra_members != NULL)
    g_string_append_printf (entry, ", %s", extra_members);
  g_string_append (entry, "}");

  return g_string_free (g_steal_pointer (&entry), FALSE);
}

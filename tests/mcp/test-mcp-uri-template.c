/* test-mcp-uri-template.c — resource templates' URIs (RFC 6570)
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "mcp-uri-template.h"

static JsonObject *
values (void)
{
  JsonObject *object = json_object_new ();

  /* The examples of RFC 6570, section 3.2 */
  json_object_set_string_member (object, "var", "value");
  json_object_set_string_member (object, "hello", "Hello World!");
  json_object_set_string_member (object, "path", "/foo/bar");
  json_object_set_string_member (object, "empty", "");
  json_object_set_string_member (object, "x", "1024");
  json_object_set_string_member (object, "y", "768");
  json_object_set_int_member (object, "number", 3);

  return object;
}

static void
test_expand (void)
{
  static const struct { const char *template; const char *uri; } cases[] = {
    { "{var}", "value" },
    { "{hello}", "Hello%20World%21" },
    { "{+path}/here", "/foo/bar/here" },
    { "{path}", "%2Ffoo%2Fbar" },
    { "{#path}", "#/foo/bar" },
    { "X{.var}", "X.value" },
    { "{/var,x}/here", "/value/1024/here" },
    { "{;x,y,empty}", ";x=1024;y=768;empty" },
    { "{?x,y,empty}", "?x=1024&y=768&empty=" },
    { "?fixed=yes{&x}", "?fixed=yes&x=1024" },
    { "{var:3}", "val" },
    { "{undef}", "" },
    { "{?undef,x}", "?x=1024" },
    { "{number}", "" },          /* only strings are values */
    { "fake://dynamic/{id}", "fake://dynamic/" },
    { "no expression", "no expression" },
    { "open {var", "open {var" },
    { "", "" },
  };
  g_autoptr(JsonObject) object = values ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *uri = mcp_uri_template_expand (cases[i].template, object);

      g_assert_cmpstr (uri, ==, cases[i].uri);
    }
}

static void
test_variables (void)
{
  static const struct { const char *template; const char *names; } cases[] = {
    { "fake://dynamic/{id}", "id" },
    { "db://{table}{?limit,offset}", "table limit offset" },
    { "{+path}/{path}{#frag:3}", "path frag" },
    { "{list*}", "list" },
    { "none", "" },
    { "{}{", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(GStrv) names = mcp_uri_template_get_variables (cases[i].template);
      g_autofree char *joined = g_strjoinv (" ", names);

      g_assert_cmpstr (joined, ==, cases[i].names);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Mcp/UriTemplate/expand", test_expand);
  g_test_add_func ("/Tether/Mcp/UriTemplate/variables", test_variables);

  return g_test_run ();
}

/* test-hub-names.c — the names AI clients see, the token, who may come in
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "tether-hub-guard.h"
#include "tether-hub-names.h"
#include "tether-hub-token.h"
#include "tether-profile.h"

static GHashTable *
new_taken (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static gboolean
is_valid_name (const char *name)
{
  gsize length = strlen (name);

  if (length < 1 || length > TETHER_HUB_NAME_MAX)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
      return FALSE;

  return TRUE;
}

static void
test_names_plain (void)
{
  g_autoptr(GHashTable) taken = new_taken ();
  g_autofree char *a = tether_hub_names_make ("github", "create_issue", taken);
  g_autofree char *b = tether_hub_names_make ("memory", "read-graph", taken);

  g_assert_cmpstr (a, ==, "github__create_issue");
  g_assert_cmpstr (b, ==, "memory__read-graph");
}

static void
test_names_sanitised (void)
{
  g_autoptr(GHashTable) taken = new_taken ();
  g_autofree char *a = tether_hub_names_make ("my server.é", "do.it/now ünï", taken);
  g_autofree char *slug = tether_hub_names_slug ("sequential-thinking-server");
  g_autofree char *empty = tether_hub_names_make ("", "", taken);

  g_assert_true (is_valid_name (a));
  g_assert_cmpstr (a, ==, "my-server--__do_it_now__n_");
  g_assert_cmpstr (slug, ==, "sequential-think");
  g_assert_cmpstr (empty, ==, "server___");
  g_assert_true (is_valid_name (empty));
}

static void
test_names_long (void)
{
  g_autoptr(GHashTable) taken = new_taken ();
  g_autoptr(GHashTable) again = new_taken ();
  const char *tool = "a_tool_name_that_goes_on_and_on_well_past_what_any_client_takes_in_one_name";
  g_autofree char *a = tether_hub_names_make ("server", tool, taken);
  g_autofree char *b = tether_hub_names_make ("server", tool, again);
  g_autofree char *c = tether_hub_names_make ("server", "a_tool_name_that_goes_on_and_on_well_past_what_any_client_takes_in_two_names", taken);

  g_assert_true (is_valid_name (a));
  g_assert_cmpuint (strlen (a), ==, TETHER_HUB_NAME_MAX);
  /* stable: the same on every run */
  g_assert_cmpstr (a, ==, b);
  /* the cut keeps the start and ends with a hash */
  g_assert_true (g_str_has_prefix (a, "server__a_tool_name"));
  g_assert_cmpint (a[TETHER_HUB_NAME_MAX - 5], ==, '-');
  /* same start, other tool: another hash */
  g_assert_true (is_valid_name (c));
  g_assert_cmpstr (a, !=, c);
}

static void
test_names_collisions (void)
{
  g_autoptr(GHashTable) taken = new_taken ();
  g_autoptr(GHashTable) again = new_taken ();
  g_autofree char *a = tether_hub_names_make ("my.server", "x", taken);
  g_autofree char *b = tether_hub_names_make ("my/server", "x", taken);
  g_autofree char *c = tether_hub_names_make ("my server", "x", taken);
  g_autofree char *a2 = tether_hub_names_make ("my.server", "x", again);
  g_autofree char *b2 = tether_hub_names_make ("my/server", "x", again);

  g_assert_cmpstr (a, ==, "my-server__x");
  g_assert_true (g_str_has_prefix (b, "my-server__x-"));
  g_assert_true (g_str_has_prefix (c, "my-server__x-"));
  g_assert_cmpstr (a, !=, b);
  g_assert_cmpstr (b, !=, c);
  g_assert_true (is_valid_name (b) && is_valid_name (c));
  /* the same order gives the same names */
  g_assert_cmpstr (a, ==, a2);
  g_assert_cmpstr (b, ==, b2);
  g_assert_cmpuint (g_hash_table_size (taken), ==, 3);
}

static void
test_token_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tether-token-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "hub-token", NULL);
  g_autofree char *subdir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *contents = NULL;
  struct stat st;

  /* not there, not made: an error */
  g_assert_null (tether_hub_token_load (path, FALSE, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  first = tether_hub_token_load (path, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (first), ==, TETHER_HUB_TOKEN_LENGTH);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (g_strchomp (contents), ==, first);

  /* made once: read back the same */
  second = tether_hub_token_load (path, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, second);

  /* a widened file is narrowed again */
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_clear_pointer (&second, g_free);
  second = tether_hub_token_load (path, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* a file that is not a token is never overwritten */
  g_assert_true (g_file_set_contents (path, "not a token\n", -1, NULL));
  g_clear_pointer (&second, g_free);
  second = tether_hub_token_load (path, TRUE, &error);
  g_assert_null (second);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "not a token\n");

  g_unlink (path);
  g_rmdir (subdir);
  g_rmdir (dir);
}

static void
test_token_unique (void)
{
  g_autofree char *a = tether_hub_token_generate (NULL);
  g_autofree char *b = tether_hub_token_generate (NULL);

  g_assert_cmpuint (strlen (a), ==, TETHER_HUB_TOKEN_LENGTH);
  g_assert_cmpstr (a, !=, b);
  for (const char *p = a; *p != '\0'; p++)
    g_assert_true (g_ascii_isalnum (*p) || *p == '-' || *p == '_');
}

static void
test_token_equal (void)
{
  g_assert_true (tether_hub_token_equal ("abcdef", "abcdef"));
  g_assert_false (tether_hub_token_equal ("abcdef", "abcdeg"));
  g_assert_false (tether_hub_token_equal ("abcdef", "abcde"));
  g_assert_false (tether_hub_token_equal ("abcde", "abcdef"));
  g_assert_false (tether_hub_token_equal ("", "abc"));
  g_assert_false (tether_hub_token_equal ("abc", ""));
  g_assert_false (tether_hub_token_equal ("", ""));
  g_assert_false (tether_hub_token_equal (NULL, "abc"));
  g_assert_false (tether_hub_token_equal ("abc", NULL));
}

static void
test_guard_table (void)
{
  static const struct
  {
    const char            *host;
    const char            *origin;
    const char            *authorization;
    TetherHubGuardVerdict  verdict;
  } cases[] = {
    { "127.0.0.1:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "localhost:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "LOCALHOST:7624", NULL, "bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "[::1]:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "127.0.0.1:7624", "http://localhost:3000", "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "127.0.0.1:7624", "https://127.0.0.1", "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    { "127.0.0.1:7624", "http://[::1]:8080", "Bearer TOKEN", TETHER_HUB_GUARD_OK },
    /* DNS rebinding: a foreign name, or another port */
    { "evil.example.com:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "evil.example.com", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "127.0.0.1:80", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "127.0.0.1", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "127.0.0.2:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "localhost.evil.com:7624", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "[::1", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "127.0.0.1:7624x", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { NULL, NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    { "", NULL, "Bearer TOKEN", TETHER_HUB_GUARD_BAD_HOST },
    /* web pages elsewhere */
    { "127.0.0.1:7624", "https://evil.example.com", "Bearer TOKEN", TETHER_HUB_GUARD_BAD_ORIGIN },
    { "127.0.0.1:7624", "null", "Bearer TOKEN", TETHER_HUB_GUARD_BAD_ORIGIN },
    { "127.0.0.1:7624", "file://", "Bearer TOKEN", TETHER_HUB_GUARD_BAD_ORIGIN },
    { "127.0.0.1:7624", "http://localhost.evil.com", "Bearer TOKEN", TETHER_HUB_GUARD_BAD_ORIGIN },
    { "127.0.0.1:7624", "http://user@localhost", "Bearer TOKEN", TETHER_HUB_GUARD_BAD_ORIGIN },
    /* the token */
    { "127.0.0.1:7624", NULL, NULL, TETHER_HUB_GUARD_NO_TOKEN },
    { "127.0.0.1:7624", NULL, "Basic TOKEN", TETHER_HUB_GUARD_NO_TOKEN },
    { "127.0.0.1:7624", NULL, "Bearer", TETHER_HUB_GUARD_NO_TOKEN },
    { "127.0.0.1:7624", NULL, "Bearer WRONG", TETHER_HUB_GUARD_BAD_TOKEN },
    { "127.0.0.1:7624", NULL, "Bearer TOKENX", TETHER_HUB_GUARD_BAD_TOKEN },
    { "127.0.0.1:7624", NULL, "Bearer ", TETHER_HUB_GUARD_BAD_TOKEN },
    /* the host is checked first */
    { "evil.example.com:7624", "https://evil.example.com", NULL, TETHER_HUB_GUARD_BAD_HOST },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TetherHubGuardVerdict verdict = tether_hub_guard_check (cases[i].host, cases[i].origin,
                                                              cases[i].authorization, 7624, "TOKEN");

      g_test_message ("case %u: Host %s, Origin %s", i, cases[i].host, cases[i].origin);
      g_assert_cmpint (verdict, ==, cases[i].verdict);
    }

  g_assert_cmpuint (tether_hub_guard_status (TETHER_HUB_GUARD_BAD_HOST), ==, 421);
  g_assert_cmpuint (tether_hub_guard_status (TETHER_HUB_GUARD_BAD_ORIGIN), ==, 403);
  g_assert_cmpuint (tether_hub_guard_status (TETHER_HUB_GUARD_NO_TOKEN), ==, 401);
  g_assert_cmpuint (tether_hub_guard_status (TETHER_HUB_GUARD_BAD_TOKEN), ==, 401);
}

static void
test_profiles (void)
{
  g_autoptr(JsonNode) node = json_from_string ("{\"coding\": {\"servers\": [\"gh\", \"fs\"], "
                                               "\"tools\": {\"gh\": [\"create_issue\"]}, \"note\": 1},"
                                               " \"all\": {}}", NULL);
  g_autoptr(GPtrArray) profiles = NULL;
  g_autoptr(GError) error = NULL;
  TetherProfile *coding;
  TetherProfile *all;
  static const char * const wrong[] = {
    "[]",
    "{\"bad name\": {}}",
    "{\"x\": []}",
    "{\"x\": {\"servers\": \"gh\"}}",
    "{\"x\": {\"servers\": [1]}}",
    "{\"x\": {\"tools\": []}}",
    "{\"x\": {\"tools\": {\"gh\": \"a\"}}}",
  };

  profiles = tether_profile_list_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (profiles->len, ==, 2);
  coding = g_ptr_array_index (profiles, 0);
  all = g_ptr_array_index (profiles, 1);
  g_assert_cmpstr (tether_profile_get_name (coding), ==, "coding");
  g_assert_true (tether_profile_has_server (coding, "gh"));
  g_assert_false (tether_profile_has_server (coding, "memory"));
  g_assert_true (tether_profile_has_tool (coding, "gh", "create_issue"));
  g_assert_false (tether_profile_has_tool (coding, "gh", "delete_repo"));
  g_assert_true (tether_profile_has_tool (coding, "fs", "anything"));
  g_assert_false (tether_profile_has_tool (coding, "memory", "read"));
  g_assert_true (tether_profile_has_tool (all, "memory", "read"));
  g_assert_true (tether_profile_has_tool (NULL, "memory", "read"));

  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      g_autoptr(JsonNode) bad = json_from_string (wrong[i], NULL);
      g_autoptr(GPtrArray) none = tether_profile_list_from_json (bad, &error);

      g_test_message ("%s: %s", wrong[i], error != NULL ? error->message : "(accepted)");
      g_assert_null (none);
      g_assert_nonnull (error);
      if (i > 0)
        g_assert_nonnull (strstr (error->message, i == 1 ? "bad name" : "“x”"));
      g_clear_error (&error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Hub/names/plain", test_names_plain);
  g_test_add_func ("/Tether/Hub/names/sanitised", test_names_sanitised);
  g_test_add_func ("/Tether/Hub/names/long", test_names_long);
  g_test_add_func ("/Tether/Hub/names/collisions", test_names_collisions);
  g_test_add_func ("/Tether/Hub/token/file", test_token_file);
  g_test_add_func ("/Tether/Hub/token/unique", test_token_unique);
  g_test_add_func ("/Tether/Hub/token/equal", test_token_equal);
  g_test_add_func ("/Tether/Hub/guard/table", test_guard_table);
  g_test_add_func ("/Tether/Hub/profiles", test_profiles);

  return g_test_run ();
}

/* test-cli-readme.c — every command and option the README names exists
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The README is read here, as a user reads it: every `tether-cli …` line of
 * its shell examples and every `tether-cli …` or `tether …` code span. The
 * command of each (its first lowercase word) must be listed by
 * `tether-cli --help` and answer `tether-cli COMMAND --help`; each `--option`
 * must be listed by the help of its command or by the top-level help. So a
 * README that names a command or option the binaries do not have fails
 * here, and so does a CLI that drops one the README still names.
 */

#include "config.h"

#include <string.h>

#include "test-util.h"

typedef struct
{
  char      *program;   /* "tether-cli" or "tether" */
  char      *command;   /* NULL: none */
  GPtrArray *options;   /* "--name" */
  char      *line;      /* as the README has it */
} Usage;

static void
usage_free (Usage *usage)
{
  g_free (usage->program);
  g_free (usage->command);
  g_ptr_array_unref (usage->options);
  g_free (usage->line);
  g_free (usage);
}

/* A word the README writes as a command: lowercase letters and dashes. */
static gboolean
is_command_word (const char *word)
{
  if (!g_ascii_islower (word[0]))
    return FALSE;
  for (const char *c = word; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && *c != '-')
      return FALSE;

  return TRUE;
}

/* One use of a program, or NULL if @text is not one. Placeholders
 * (COMMAND, [ARGS…]) and the server's command line after `--` are no
 * part of it. */
static Usage *
parse_usage (const char *text)
{
  g_autofree char *line = g_strdup (text);
  g_auto(GStrv) words = NULL;
  char *comment;
  Usage *usage;
  guint first;

  /* a shell comment, not in quotes in the README's lines */
  comment = strstr (line, " #");
  if (comment != NULL)
    *comment = '\0';
  g_strstrip (line);
  if (!g_shell_parse_argv (line, NULL, &words, NULL))
    return NULL;

  if (g_str_equal (words[0], "tether-cli") || g_str_equal (words[0], "tether"))
    first = 1;
  else if (g_str_has_suffix (words[0], "/src/tether"))
    first = 1;
  else
    return NULL;

  usage = g_new0 (Usage, 1);
  usage->program = g_strdup (g_str_equal (words[0], "tether-cli") ? "tether-cli" : "tether");
  usage->options = g_ptr_array_new_with_free_func (g_free);
  usage->line = g_strdup (text);

  for (guint i = first; words[i] != NULL && !g_str_equal (words[i], "--"); i++)
    {
      const char *word = words[i];

      /* [--json] [--header 'NAME: VALUE']… */
      while (*word == '[')
        word++;
      if (g_str_has_prefix (word, "--") && g_ascii_isalpha (word[2]))
        {
          gsize length = strspn (word + 2, "abcdefghijklmnopqrstuvwxyz-");

          g_ptr_array_add (usage->options, g_strndup (word, length + 2));
        }
      else if (usage->command == NULL && is_command_word (word) && g_str_equal (usage->program, "tether-cli"))
        {
          usage->command = g_strdup (word);
        }
    }

  return usage;
}

/* Every use of tether-cli or tether in the README's shell examples and
 * code spans. */
static GPtrArray *
read_readme (void)
{
  g_autoptr(GPtrArray) usages = g_ptr_array_new_with_free_func ((GDestroyNotify)usage_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean in_shell = FALSE;

  g_file_get_contents (README, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      Usage *usage;

      if (g_str_has_prefix (line, "```"))
        {
          in_shell = !in_shell && g_str_equal (line, "```sh");
          continue;
        }
      if (in_shell)
        {
          if ((usage = parse_usage (line)) != NULL)
            g_ptr_array_add (usages, usage);
          continue;
        }

      /* `code spans` of the prose */
      for (const char *start = strchr (line, '`'); start != NULL; )
        {
          const char *end = strchr (start + 1, '`');
          g_autofree char *span = NULL;

          if (end == NULL)
            break;
          span = g_strndup (start + 1, end - start - 1);
          if ((usage = parse_usage (span)) != NULL)
            g_ptr_array_add (usages, usage);
          start = strchr (end + 1, '`');
        }
    }

  return g_steal_pointer (&usages);
}

/* `PROGRAM [COMMAND] --help` (tether: --help-all, which has GApplication's
 * own options): status 0 and the text. */
static char *
help_of (const char *program,
         const char *command)
{
  g_auto(TestRun) run = { 0 };
  const char *argv[4] = { NULL };
  guint n = 0;

  argv[n++] = g_str_equal (program, "tether-cli") ? TETHER_CLI : TETHER_APP;
  if (command != NULL)
    argv[n++] = command;
  argv[n++] = g_str_equal (program, "tether-cli") ? "--help" : "--help-all";

  test_run_command (&run, argv, NULL, 120);
  if (run.status != 0)
    g_error ("%s %s --help: status %d, stderr: %s", program, command != NULL ? command : "",
             run.status, run.err);

  return g_steal_pointer (&run.out);
}

/* Does @help list @word as a word of its own (not inside a longer one)? */
static gboolean
lists (const char *help,
       const char *word)
{
  gsize length = strlen (word);

  for (const char *at = strstr (help, word); at != NULL; at = strstr (at + 1, word))
    {
      gboolean starts = at == help || !(g_ascii_isalnum (at[-1]) || at[-1] == '-');
      gboolean ends = !(g_ascii_isalnum (at[length]) || at[length] == '-');

      if (starts && ends)
        return TRUE;
    }

  return FALSE;
}

static void
test_readme_names_what_exists (void)
{
  g_autoptr(GPtrArray) usages = read_readme ();
  g_autoptr(GHashTable) helps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *cli_help = help_of ("tether-cli", NULL);
  g_autofree char *app_help = help_of ("tether", NULL);
  guint commands = 0;
  guint options = 0;

  /* The README has its examples; reading none would be a broken reader. */
  g_assert_cmpuint (usages->len, >=, 20);

  for (guint i = 0; i < usages->len; i++)
    {
      Usage *usage = g_ptr_array_index (usages, i);
      const char *help = g_str_equal (usage->program, "tether") ? app_help : cli_help;
      const char *command_help = help;

      if (usage->command != NULL)
        {
          if (!lists (cli_help, usage->command))
            g_error ("the README names the command “%s” (%s), which tether-cli --help does not list",
                     usage->command, usage->line);
          command_help = g_hash_table_lookup (helps, usage->command);
          if (command_help == NULL)
            {
              command_help = help_of ("tether-cli", usage->command);
              g_hash_table_insert (helps, g_strdup (usage->command), (char *)command_help);
            }
          commands++;
        }

      for (guint j = 0; j < usage->options->len; j++)
        {
          const char *option = g_ptr_array_index (usage->options, j);

          if (!lists (command_help, option) && !lists (help, option))
            g_error ("the README names the option “%s” (%s), which %s%s%s --help does not list",
                     option, usage->line, usage->program, usage->command != NULL ? " " : "",
                     usage->command != NULL ? usage->command : "");
          options++;
        }
    }

  g_test_message ("%u uses in the README: %u commands and %u options checked",
                  usages->len, commands, options);
}

/* The reader itself: what it takes from the README's kinds of lines. */
static void
test_parse_usage (void)
{
  struct {
    const char *line;
    const char *program;
    const char *command;
    const char *options;
  } cases[] = {
    { "tether-cli list                          # each server's state", "tether-cli", "list", "" },
    { "tether-cli add docs --url https://example.com/mcp --header 'Authorization: Bearer …'",
      "tether-cli", "add", "--url --header" },
    { "tether-cli tools -- npx -y @modelcontextprotocol/server-everything", "tether-cli", "tools", "" },
    { "tether-cli [--timeout MS] [--json] COMMAND [ARGS…] -- SERVER-COMMAND [ARGS…]",
      "tether-cli", NULL, "--timeout --json" },
    { "tether-cli --url http://127.0.0.1:3001/mcp tools", "tether-cli", "tools", "--url" },
    { "tether-cli connect [--profile NAME]", "tether-cli", "connect", "--profile" },
    { "tether-cli serve --listen 127.0.0.1:PORT", "tether-cli", "serve", "--listen" },
    { "tether --gapplication-service", "tether", NULL, "--gapplication-service" },
    { "_build/src/tether --standalone", "tether", NULL, "--standalone" },
    { "meson test -C _build", NULL, NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Usage *usage = parse_usage (cases[i].line);
      g_autofree char *options = NULL;

      if (cases[i].program == NULL)
        {
          g_assert_null (usage);
          continue;
        }
      g_assert_nonnull (usage);
      g_ptr_array_add (usage->options, NULL);
      options = g_strjoinv (" ", (char **)usage->options->pdata);
      g_assert_cmpstr (usage->program, ==, cases[i].program);
      g_assert_cmpstr (usage->command, ==, cases[i].command);
      g_assert_cmpstr (options, ==, cases[i].options);
      g_ptr_array_remove_index (usage->options, usage->options->len - 1);
      usage_free (usage);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Tether/Cli/Readme/parse-usage", test_parse_usage);
  g_test_add_func ("/Tether/Cli/Readme/names-what-exists", test_readme_names_what_exists);

  return g_test_run ();
}

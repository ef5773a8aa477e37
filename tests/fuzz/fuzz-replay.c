/* fuzz-replay.c — run a fuzz target over files, without libFuzzer
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lets the normal build (gcc, no libFuzzer) run every seed and every crash
 * found so far as a regression test: `fuzz-replay FILE|DIR…`.
 */

#include "config.h"

#include <stdint.h>

#include <glib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static guint
replay (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
      const char *name;
      guint n = 0;

      if (dir == NULL)
        g_error ("%s", error->message);

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          n += replay (child);
        }

      return n;
    }

  if (!g_file_get_contents (path, &contents, &length, &error))
    g_error ("%s", error->message);

  LLVMFuzzerTestOneInput ((const uint8_t *)contents, length);

  return 1;
}

int
main (int   argc,
      char *argv[])
{
  guint n = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s FILE|DIR…\n", argv[0]);
      return 2;
    }

  for (int i = 1; i < argc; i++)
    n += replay (argv[i]);

  if (n == 0)
    {
      g_printerr ("no input to replay\n");
      return 1;
    }

  g_print ("replayed %u inputs\n", n);

  return 0;
}

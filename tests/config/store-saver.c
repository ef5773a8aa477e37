/* store-saver.c — saves servers.json in a loop until killed
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-config-store kills this with SIGKILL at random moments and checks that
 * the file is always whole. The entries are large so that a kill often lands
 * in the middle of a write.
 */

#include "config.h"

#include "tether-config-store.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(TetherConfigStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);

  if (argc != 2)
    return 2;

  file = g_file_new_for_path (argv[1]);
  store = tether_config_store_new (file);
  if (!tether_config_store_load (store, &error))
    g_error ("%s", error->message);

  for (guint i = 0; i < 20000; i++)
    g_ptr_array_add (args, g_strdup_printf ("argument-number-%u", i));
  g_ptr_array_add (args, NULL);

  for (guint round = 0; ; round++)
    {
      g_autoptr(TetherServerConfig) config = tether_server_config_new ("big");

      tether_server_config_set_command (config, round % 2 ? "odd" : "even");
      tether_server_config_set_args (config, (const char * const *)args->pdata);

      if (tether_config_store_lookup (store, "big", NULL) != NULL)
        {
          if (!tether_config_store_replace (store, "big", config, &error))
            g_error ("%s", error->message);
        }
      else if (!tether_config_store_add (store, config, &error))
        g_error ("%s", error->message);
    }

  return 0;
}

/* fuzz-env-file.c — libFuzzer target for the envFile reader
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any bytes give variables or a refusal; reading only the names (a dry
 * run) gives the same names, no values, and refuses the same files.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tether-config-error.h"
#include "tether-env-file.h"
#include "tether-read-limits.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) names_error = NULL;
  g_autoptr(GArray) variables = tether_env_file_parse ((const char *)data, size, TRUE, &error);
  g_autoptr(GArray) names = tether_env_file_parse ((const char *)data, size, FALSE, &names_error);

  if (variables == NULL)
    {
      g_assert (names == NULL);
      g_assert (error->domain == TETHER_CONFIG_ERROR && names_error->domain == TETHER_CONFIG_ERROR);
      g_assert_cmpint (error->code, ==, names_error->code);
      g_assert (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  g_assert (names != NULL);
  g_assert_cmpuint (variables->len, ==, names->len);
  g_assert_cmpuint (variables->len, <=, TETHER_READ_MAX_NODES);

  for (guint i = 0; i < variables->len; i++)
    {
      TetherEnvFileEntry *variable = &g_array_index (variables, TetherEnvFileEntry, i);
      TetherEnvFileEntry *name = &g_array_index (names, TetherEnvFileEntry, i);

      g_assert (tether_env_file_is_name (variable->name, strlen (variable->name)));
      g_assert_cmpstr (variable->name, ==, name->name);
      g_assert (name->value == NULL);
      g_assert (variable->value != NULL);
      g_assert (strchr (variable->value, '\n') == NULL);
      g_assert (g_utf8_validate (variable->value, -1, NULL));
      g_assert_cmpuint (strlen (variable->value), <=, TETHER_READ_MAX_STRING_LENGTH);
    }

  return 0;
}

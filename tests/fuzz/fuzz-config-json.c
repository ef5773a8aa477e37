/* fuzz-config-json.c — libFuzzer target for the JSON and JSONC configuration reader
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdint.h>

#include "fuzz-config-common.h"
#include "mcp-json-private.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(TetherConfigDocument) doc = NULL;
  g_autoptr(JsonNode) message = NULL;

  fuzz_config_document (data, size, tether_config_document_parse_json, "fuzz.json", TRUE);

  /* Where the protocol's reader takes the same text (no comments, no
   * trailing commas), both read the same values. */
  doc = tether_config_document_parse_json ((const char *)data, size, "fuzz.json", NULL);
  message = _mcp_json_parse ((const char *)data, size, NULL);
  if (doc != NULL && message != NULL && !json_node_equal (tether_config_document_get_root (doc), message))
    {
      g_autofree char *ours = json_to_string (tether_config_document_get_root (doc), FALSE);
      g_autofree char *theirs = json_to_string (message, FALSE);

      g_error ("the two JSON readers disagree:\n%s\n%s", ours, theirs);
    }

  return 0;
}

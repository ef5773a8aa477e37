/* fuzz-config-toml.c — libFuzzer target for the TOML configuration reader
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdint.h>

#include "fuzz-config-common.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  fuzz_config_document (data, size, tether_config_document_parse_toml, "fuzz.toml", TRUE);

  return 0;
}

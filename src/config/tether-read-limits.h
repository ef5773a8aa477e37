/* tether-read-limits.h — the bounds every reader of files keeps
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One set of limits for everything Tether reads from a file: its own
 * servers.json (or --config), other clients' configurations (JSON, JSONC,
 * TOML, YAML; dropped, imported or discovered) and the env files they name.
 * A file past any of them is refused with a message naming it; nothing is
 * read or built beyond them, whatever the file holds.
 *
 * The protocol's message reader (src/mcp) keeps limits of its own, set by
 * the transport's maximum message size. */

/**
 * TETHER_READ_MAX_FILE_SIZE:
 *
 * The largest file read, in bytes (20 MiB): checked from the metadata before
 * anything is read, and again while reading, so a file that grows meanwhile
 * is still cut off. The largest real configuration, Claude Code's
 * `~/.claude.json` with its project history, stays well below it.
 */
#define TETHER_READ_MAX_FILE_SIZE (G_GUINT64_CONSTANT (20) * 1024 * 1024)

/**
 * TETHER_READ_MAX_DEPTH:
 *
 * How deeply values may nest: objects in objects, arrays in arrays, dotted
 * TOML keys and table headers (each part is one level), YAML collections.
 * Real configurations are a handful of levels deep; the bound keeps a hostile
 * file from overflowing the stack of a recursive reader.
 */
#define TETHER_READ_MAX_DEPTH 128

/**
 * TETHER_READ_MAX_NODES:
 *
 * How many values (objects, arrays, strings, numbers…) a document may
 * produce, YAML aliases counted as what they expand to; also how many
 * variables an env file may set.
 */
#define TETHER_READ_MAX_NODES 1000000

/**
 * TETHER_READ_MAX_STRING_LENGTH:
 *
 * The longest string, key or env file line, in bytes (1 MiB).
 */
#define TETHER_READ_MAX_STRING_LENGTH (1024 * 1024)

/**
 * TETHER_READ_MAX_ALIAS_EXPANSION:
 *
 * A YAML document may produce at most this many times as many values as it
 * writes (an alias counts as one written value, however much it repeats);
 * past it, aliases are multiplying, not abbreviating. The text the values
 * hold may not grow past %TETHER_READ_MAX_FILE_SIZE through aliases either.
 */
#define TETHER_READ_MAX_ALIAS_EXPANSION 100

G_END_DECLS

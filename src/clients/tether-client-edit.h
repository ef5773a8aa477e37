/* tether-client-edit.h — Tether's entry in another client's file, as text
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "tether-client-change.h"
#include "tether-import-clients-private.h"

G_BEGIN_DECLS

/**
 * TetherClientEndpoint:
 * @url: the hub's URL, `http://127.0.0.1:PORT/mcp` or `…/mcp/PROFILE`
 * @token: the hub's token, sent as `Authorization: Bearer TOKEN`
 * @bridge: the stdio bridge's command line (`tether-cli connect …`)
 * @stdio: write the bridge even where the client takes a URL
 *
 * How a client reaches Tether.
 */
typedef struct
{
  const char         *url;
  const char         *token;
  const char * const *bridge;
  gboolean            stdio;
} TetherClientEndpoint;

/**
 * TetherClientEdit:
 * @text: the new text (the old one when nothing changes)
 * @length: its length
 * @entry_name: the name of the entry written or removed, or %NULL
 * @notes: what the user should know (a name taken, servers turned off)
 * @changed: whether @text differs from the old text
 *
 * What an action does to a client's file.
 */
typedef struct
{
  char      *text;
  gsize      length;
  char      *entry_name;
  GPtrArray *notes;
  gboolean   changed;
} TetherClientEdit;

void        tether_client_edit_clear       (TetherClientEdit            *edit);
gboolean    tether_client_edit_apply       (const TetherImportClient    *client,
                                            const char                  *file_name,
                                            const char                  *text,
                                            gsize                        length,
                                            const char                  *original,
                                            gsize                        original_length,
                                            TetherClientAction           action,
                                            const TetherClientEndpoint  *endpoint,
                                            const char * const          *shared,
                                            TetherClientEdit            *edit,
                                            GError                     **error);
JsonNode   *tether_client_parse            (const TetherImportClient    *client,
                                            const char                  *file_name,
                                            const char                  *text,
                                            gsize                        length,
                                            GError                     **error);
JsonObject *tether_client_get_servers      (const TetherImportClient    *client,
                                            JsonNode                    *root);
const char *tether_client_get_string       (JsonObject                  *object,
                                            const char                  *member);
gboolean    tether_client_entry_is_ours    (const TetherImportClient    *client,
                                            JsonNode                    *entry);
char       *tether_client_find_ours        (const TetherImportClient    *client,
                                            JsonNode                    *root);
char       *tether_client_dup_snippet      (const TetherImportClient    *client,
                                            const char                  *name,
                                            const TetherClientEndpoint  *endpoint);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TetherClientEdit, tether_client_edit_clear)

G_END_DECLS

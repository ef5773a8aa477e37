/* fuzz-client-edit.c — libFuzzer target for Tether's entry spliced into
 * another client's file
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: byte 0 picks the client (its syntax and keys) and whether the
 * bridge is written; the rest is the client's file. What must hold: the
 * edit succeeds or says why, in UTF-8, never with the token (unless the
 * file holds it); a connected file is connected (Tether's entry is found
 * in it) and disconnecting it again gives the same settings as before;
 * turning shared servers off and on again succeeds or says why.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "tether-client-edit.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#define TOKEN "fuzz-Token-7Wq"
#define FILE_NAME "/nonexistent/fuzz/client-file"

static const char * const bridge[] = { "/usr/bin/tether-cli", "connect", NULL };

/* A message may quote the file (a parse error does): the token counts
 * only when the file does not hold it. */
static void
check_error (GError     *error,
             const char *text)
{
  g_assert (error != NULL);
  g_assert (g_utf8_validate (error->message, -1, NULL));
  if (strstr (error->message, TOKEN) != NULL && strstr (text, TOKEN) == NULL)
    g_error ("the token reached a message: %s", error->message);
}

static const TetherImportClient *
pick_client (guint8 byte)
{
  g_autoptr(GPtrArray) writable = g_ptr_array_new ();

  for (guint i = 0; i < _tether_import_clients_get_n (); i++)
    if (_tether_import_clients_get_nth (i)->writing != NULL)
      g_ptr_array_add (writable, (gpointer)_tether_import_clients_get_nth (i));

  return g_ptr_array_index (writable, (byte & 0x7f) % writable->len);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const TetherImportClient *client;
  TetherClientEndpoint endpoint = { "http://127.0.0.1:7624/mcp", TOKEN, bridge, FALSE };
  const char * const shared[] = { "a", "memory", "tether", NULL };
  g_auto(TetherClientEdit) connected = { 0 };
  g_auto(TetherClientEdit) disconnected = { 0 };
  g_auto(TetherClientEdit) off = { 0 };
  g_auto(TetherClientEdit) on = { 0 };
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(JsonNode) connected_root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ours = NULL;
  g_autofree char *text = NULL;
  gsize length;

  if (size < 1)
    return 0;

  client = pick_client (data[0]);
  endpoint.stdio = (data[0] & 0x80) != 0;
  text = g_strndup ((const char *)data + 1, size - 1);
  length = strlen (text);   /* a file with NUL is refused before this */

  before = tether_client_parse (client, FILE_NAME, text, length, NULL);
  if (before != NULL)
    ours = tether_client_find_ours (client, before);

  if (!tether_client_edit_apply (client, FILE_NAME, text, length, NULL, 0, TETHER_CLIENT_ACTION_CONNECT,
                                 &endpoint, NULL, &connected, &error))
    {
      check_error (error, text);
      return 0;
    }

  g_assert (before != NULL);
  connected_root = tether_client_parse (client, FILE_NAME, connected.text, connected.length, NULL);
  g_assert (connected_root != NULL);
  {
    g_autofree char *found = tether_client_find_ours (client, connected_root);

    g_assert (g_strcmp0 (found, connected.entry_name) == 0);
  }

  /* Undone, the settings are those of before (an entry of Tether's that
   * was there already has been brought up to date, and is gone) */
  if (!tether_client_edit_apply (client, FILE_NAME, connected.text, connected.length, text, length,
                                 TETHER_CLIENT_ACTION_DISCONNECT, &endpoint, NULL, &disconnected, &error))
    g_error ("connected, but not disconnected: %s", error->message);
  after = tether_client_parse (client, FILE_NAME, disconnected.text, disconnected.length, NULL);
  g_assert (after != NULL);
  if (ours == NULL && !json_node_equal (before, after))
    g_error ("disconnecting did not give back the settings of before:\n%s\n---\n%s", text, disconnected.text);

  if (!tether_client_edit_apply (client, FILE_NAME, text, length, NULL, 0,
                                 TETHER_CLIENT_ACTION_DISABLE_SHARED, &endpoint, shared, &off, &error))
    {
      check_error (error, text);
      return 0;
    }
  if (!tether_client_edit_apply (client, FILE_NAME, off.text, off.length, text, length,
                                 TETHER_CLIENT_ACTION_ENABLE_SHARED, &endpoint, shared, &on, &error))
    check_error (error, text);

  return 0;
}

/* test-mcp-stdio-writer.c — McpStdioWriter, the input of a stdio server,
 * on a real pipe: what it writes, what it refuses, and what it tells its
 * owner
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixoutputstream.h>

#include "mcp-error.h"
#include "mcp-stdio-writer-private.h"
#include "mcp-test-transport.h"

typedef struct
{
  int               read_fd;
  McpTestTransport *owner;
  McpStdioWriter   *writer;
  GPtrArray        *results;      /* GError or a NULL placeholder, per message */
  guint             n_results;
  guint             n_not_reading;
  gsize             held_when_refused;
  guint             n_failed;
  GError           *failure;
} Fixture;

static Fixture *current;

static void
not_reading_cb (McpTransport *owner,
                gsize         held)
{
  g_assert_true (owner == MCP_TRANSPORT (current->owner));
  current->n_not_reading++;
  current->held_when_refused = held;
}

static void
write_failed_cb (McpTransport *owner,
                 const GError *error)
{
  g_assert_true (owner == MCP_TRANSPORT (current->owner));
  current->n_failed++;
  g_clear_error (&current->failure);
  current->failure = g_error_copy (error);
}

static const McpStdioWriterCallbacks callbacks = {
  .not_reading = not_reading_cb,
  .write_failed = write_failed_cb,
};

static void
sent_cb (McpTransport *transport,
         const GError *error,
         gpointer      user_data)
{
  Fixture *fixture = user_data;

  g_ptr_array_add (fixture->results, error != NULL ? g_error_copy (error) : NULL);
  fixture->n_results++;
}

static const GError *
result (Fixture *fixture,
        guint    i)
{
  g_assert_cmpuint (i, <, fixture->results->len);

  return g_ptr_array_index (fixture->results, i);
}

static void
free_result (gpointer data)
{
  if (data != NULL)
    g_error_free (data);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  gsize bound = GPOINTER_TO_SIZE (data);
  g_autoptr(GOutputStream) out = NULL;
  int fds[2];

  g_assert_cmpint (pipe2 (fds, O_CLOEXEC), ==, 0);
  g_assert_cmpint (fcntl (fds[0], F_SETFL, O_NONBLOCK), ==, 0);
  fixture->read_fd = fds[0];
  out = g_unix_output_stream_new (fds[1], TRUE);

  current = fixture;
  fixture->results = g_ptr_array_new_with_free_func (free_result);
  fixture->owner = mcp_test_transport_new ();
  fixture->writer = _mcp_stdio_writer_new (MCP_TRANSPORT (fixture->owner), &callbacks,
                                           bound != 0 ? bound : 4 * 1024 * 1024);
  _mcp_stdio_writer_start (fixture->writer, out);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  _mcp_stdio_writer_stop (fixture->writer);
  while (_mcp_stdio_writer_get_held_bytes (fixture->writer) > 0)
    g_main_context_iteration (NULL, TRUE);
  g_clear_pointer (&fixture->writer, _mcp_stdio_writer_free);
  g_clear_object (&fixture->owner);
  g_clear_pointer (&fixture->results, g_ptr_array_unref);
  g_clear_error (&fixture->failure);
  if (fixture->read_fd >= 0)
    close (fixture->read_fd);
  current = NULL;
}

static JsonNode *
message (const char *method,
         gsize       padding)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *pad = g_strnfill (padding, 'x');

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "jsonrpc");
  json_builder_add_string_value (builder, "2.0");
  json_builder_set_member_name (builder, "method");
  json_builder_add_string_value (builder, method);
  json_builder_set_member_name (builder, "params");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "pad");
  json_builder_add_string_value (builder, pad);
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
send (Fixture    *fixture,
      const char *method,
      gsize       padding)
{
  g_autoptr(JsonNode) node = message (method, padding);

  _mcp_stdio_writer_send_func (fixture->writer, node, sent_cb, fixture);
}

static void
wait_results (Fixture *fixture,
              guint    n)
{
  while (fixture->n_results < n)
    g_main_context_iteration (NULL, TRUE);
}

/* What is in the pipe now, without waiting. */
static GString *
drain (Fixture *fixture)
{
  GString *text = g_string_new (NULL);
  char buffer[65536];
  gssize n;

  while ((n = read (fixture->read_fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  g_assert_true (n == 0 || errno == EAGAIN);

  return text;
}

/* Messages arrive whole, one per line, in order; each sender is told. */
static void
test_delivers (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GString) text = NULL;
  g_auto(GStrv) lines = NULL;

  send (fixture, "one", 3);
  send (fixture, "two", 3);
  wait_results (fixture, 2);
  g_assert_null (result (fixture, 0));
  g_assert_null (result (fixture, 1));
  g_assert_cmpuint (_mcp_stdio_writer_get_held_bytes (fixture->writer), ==, 0);

  text = drain (fixture);
  lines = g_strsplit (text->str, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  g_assert_nonnull (strstr (lines[0], "\"one\""));
  g_assert_nonnull (strstr (lines[1], "\"two\""));
  g_assert_cmpstr (lines[2], ==, "");
  g_assert_cmpuint (fixture->n_not_reading, ==, 0);
  g_assert_cmpuint (fixture->n_failed, ==, 0);
}

/* While held, nothing is written; on release, all of it. */
static void
test_hold (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GString) before = NULL;
  g_autoptr(GString) after = NULL;

  _mcp_stdio_writer_hold (fixture->writer);
  send (fixture, "a", 1);
  send (fixture, "b", 1);
  send (fixture, "c", 1);
  before = drain (fixture);
  g_assert_cmpuint (before->len, ==, 0);
  g_assert_cmpuint (fixture->n_results, ==, 0);
  g_assert_cmpuint (_mcp_stdio_writer_get_held_bytes (fixture->writer), >, 0);

  _mcp_stdio_writer_release (fixture->writer);
  wait_results (fixture, 3);
  after = drain (fixture);
  g_assert_cmpuint (after->len, ==, 3 * strlen ("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":{\"pad\":\"x\"}}\n"));
}

/* The results so far that are errors */
static guint
count_errors (Fixture *fixture)
{
  guint n = 0;

  for (guint i = 0; i < fixture->results->len; i++)
    if (result (fixture, i) != NULL)
      n++;

  return n;
}

/* A server that does not read: past the bound, messages are refused,
 * unsent, and the owner is told once; once it reads, they flow again. The
 * first messages fill the pipe itself, and are written. */
static void
test_refuses (Fixture       *fixture,
              gconstpointer  data)
{
  const gsize bound = GPOINTER_TO_SIZE (data);
  const gsize padding = 16 * 1024;
  guint sent = 0;

  while (count_errors (fixture) == 0)
    {
      send (fixture, "fill", padding);
      sent++;
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_cmpuint (sent, <, 1000);
    }

  g_assert_error (result (fixture, fixture->results->len - 1), MCP_ERROR, MCP_ERROR_PEER_NOT_READING);
  g_assert_cmpuint (fixture->n_not_reading, ==, 1);
  g_assert_cmpuint (fixture->held_when_refused, >=, bound);
  g_assert_cmpuint (fixture->held_when_refused, <, bound + padding + 100);

  send (fixture, "again", 1);
  g_assert_cmpuint (count_errors (fixture), ==, 2);
  g_assert_error (result (fixture, fixture->results->len - 1), MCP_ERROR, MCP_ERROR_PEER_NOT_READING);
  g_assert_cmpuint (fixture->n_not_reading, ==, 1);

  /* The server reads: everything accepted arrives, and new messages go. */
  while (_mcp_stdio_writer_get_held_bytes (fixture->writer) > 0)
    {
      g_autoptr(GString) text = drain (fixture);

      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_cmpuint (fixture->n_results, ==, sent + 1);
  g_assert_cmpuint (count_errors (fixture), ==, 2);

  send (fixture, "after", 1);
  wait_results (fixture, sent + 2);
  g_assert_null (result (fixture, sent + 1));
  g_assert_cmpuint (fixture->n_failed, ==, 0);
}

/* The server is gone: the owner is told how writing failed, the message
 * provably never left, and the writer takes no more. */
static void
test_write_fails (Fixture       *fixture,
                  gconstpointer  data)
{
  close (fixture->read_fd);
  fixture->read_fd = -1;

  send (fixture, "lost", 1);
  wait_results (fixture, 1);
  g_assert_cmpuint (fixture->n_failed, ==, 1);
  g_assert_error (fixture->failure, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE);
  g_assert_error (result (fixture, 0), MCP_ERROR, MCP_ERROR_NOT_SENT);

  send (fixture, "after", 1);
  g_assert_cmpuint (fixture->n_results, ==, 2);
  g_assert_error (result (fixture, 1), MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_cmpuint (fixture->n_failed, ==, 1);
}

/* Stopping fails what waits, unsent, and closes the server's input. */
static void
test_stop (Fixture       *fixture,
           gconstpointer  data)
{
  char byte;

  _mcp_stdio_writer_hold (fixture->writer);
  send (fixture, "waiting", 1);
  _mcp_stdio_writer_stop (fixture->writer);
  g_assert_cmpuint (fixture->n_results, ==, 1);
  g_assert_error (result (fixture, 0), MCP_ERROR, MCP_ERROR_NOT_SENT);
  g_assert_cmpint (read (fixture->read_fd, &byte, 1), ==, 0);
  _mcp_stdio_writer_release (fixture->writer);
  g_assert_cmpuint (fixture->n_failed, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* Writing to a closed pipe must fail with EPIPE, not kill us. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add ("/Mcp/StdioWriter/delivers", Fixture, NULL,
              fixture_set_up, test_delivers, fixture_tear_down);
  g_test_add ("/Mcp/StdioWriter/hold", Fixture, NULL,
              fixture_set_up, test_hold, fixture_tear_down);
  g_test_add ("/Mcp/StdioWriter/refuses", Fixture, GSIZE_TO_POINTER (256 * 1024),
              fixture_set_up, test_refuses, fixture_tear_down);
  g_test_add ("/Mcp/StdioWriter/write-fails", Fixture, NULL,
              fixture_set_up, test_write_fails, fixture_tear_down);
  g_test_add ("/Mcp/StdioWriter/stop", Fixture, NULL,
              fixture_set_up, test_stop, fixture_tear_down);

  return g_test_run ();
}

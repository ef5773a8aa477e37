/* tether-result-view.c — what a tool call or a resource read gave back
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each content item as what it is: text selectable (pretty-printed and in
 * monospace when it is JSON or looks like code), images shown, images,
 * audio and blobs saved to a file the user picks (through the portal in
 * the flatpak), embedded resources shown and resource links read on
 * request; structuredContent as a tree, checked against the tool's
 * outputSchema. A result with isError is the tool's own error, told apart
 * from an error of the protocol (the call never ran, or was refused).
 *
 * Everything here comes from the server: shown, never obeyed.
 */

#define G_LOG_DOMAIN "tether-result-view"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-result-view.h"
#include "tether-schema-field.h"
#include "tether-visible-text.h"

/* A tree deeper or wider than this is cut, saying so. */
#define MAX_TREE_DEPTH   32
#define MAX_TREE_MEMBERS 200

struct _TetherResultView
{
  GtkWidget     parent_instance;

  TetherServer *server;
  JsonNode     *result;
  GtkWidget    *box;
  GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE (TetherResultView, tether_result_view, GTK_TYPE_WIDGET)

static void add_contents (TetherResultView *self,
                          GtkWidget        *box,
                          JsonArray        *contents);

/* Small readers of what the server sent */

static const char *
get_string (JsonObject *object,
            const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);

  return NULL;
}

static JsonObject *
get_object (JsonObject *object,
            const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
get_array (JsonObject *object,
           const char *member)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, member) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* Widgets */

static GtkWidget *
add_label (GtkWidget  *box,
           const char *text,
           const char *first_class,
           ...)
{
  GtkWidget *label = gtk_label_new (text);
  const char *css_class = first_class;
  va_list args;

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  va_start (args, first_class);
  while (css_class != NULL)
    {
      gtk_widget_add_css_class (label, css_class);
      css_class = va_arg (args, const char *);
    }
  va_end (args);
  gtk_box_append (GTK_BOX (box), label);

  return label;
}

static GtkWidget *
add_text (GtkWidget  *box,
          const char *text,
          gboolean    monospace)
{
  g_autofree char *shown = tether_visible_lines (text);
  GtkWidget *label = add_label (box, shown, "result-text", monospace ? "monospace" : NULL, NULL);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);

  return label;
}

static char *
format_size (gsize size)
{
  return g_format_size (size);
}

/* Text */

/* Whether a text reads as code: several lines, most of them indented or
 * ending in punctuation code ends its lines with. */
static gboolean
looks_like_code (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", 200);
  guint n = g_strv_length (lines);
  guint code = 0;

  if (n < 2)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      const char *line = lines[i];
      gsize length = strlen (line);

      if (g_str_has_prefix (line, "  ") || g_str_has_prefix (line, "\t") ||
          (length > 0 && strchr ("{};:)", line[length - 1]) != NULL))
        code++;
    }

  return code * 2 >= n;
}

static void
add_text_item (GtkWidget  *box,
               const char *text)
{
  const char *start = text;

  while (g_ascii_isspace (*start))
    start++;

  if (*start == '{' || *start == '[')
    {
      g_autoptr(JsonParser) parser = json_parser_new ();

      if (json_parser_load_from_data (parser, text, -1, NULL))
        {
          g_autofree char *pretty = json_to_string (json_parser_get_root (parser), TRUE);

          add_text (box, pretty, TRUE);
          return;
        }
    }

  add_text (box, text, looks_like_code (text));
}

/* Saving binary content */

typedef struct
{
  GBytes    *bytes;
  GtkWidget *widget;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_bytes_unref (data->bytes);
  g_object_unref (data->widget);
  g_free (data);
}

static void
saved_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GtkWidget) widget = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_parse_name (G_FILE (object));

  if (!g_file_replace_contents_finish (G_FILE (object), result, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save “%s”: %s"), name, error->message);

      gtk_widget_activate_action (widget, "win.toast", "s", message);
      return;
    }

  {
    g_autofree char *message = g_strdup_printf (_("Saved “%s”"), name);

    gtk_widget_activate_action (widget, "win.toast", "s", message);
    g_object_set_data_full (G_OBJECT (widget), "saved-path", g_file_get_path (G_FILE (object)), g_free);
  }
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     SaveData        *data)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        g_file_replace_contents_bytes_async (file, data->bytes, NULL, FALSE,
                                             G_FILE_CREATE_REPLACE_DESTINATION, NULL,
                                             saved_cb, g_object_ref (data->widget));
    }

  save_data_free (data);
  g_object_unref (chooser);
}

/* A file name for what was sent: "image.png" for image/png. */
static char *
suggest_name (const char *mime_type)
{
  const char *slash = mime_type != NULL ? strchr (mime_type, '/') : NULL;
  const char *kind = "data";
  g_autoptr(GString) name = g_string_new (NULL);

  if (mime_type != NULL && g_str_has_prefix (mime_type, "image/"))
    kind = "image";
  else if (mime_type != NULL && g_str_has_prefix (mime_type, "audio/"))
    kind = "audio";

  g_string_append (name, kind);
  if (slash != NULL && slash[1] != '\0')
    {
      g_string_append_c (name, '.');
      for (const char *p = slash + 1; *p != '\0' && name->len < 40; p++)
        if (g_ascii_isalnum (*p))
          g_string_append_c (name, g_ascii_tolower (*p));
        else
          break;
    }

  return g_string_free (g_steal_pointer (&name), FALSE);
}

static void
save_clicked_cb (GtkButton *button,
                 GBytes    *bytes)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (button));
  const char *mime_type = g_object_get_data (G_OBJECT (button), "mime-type");
  g_autofree char *name = suggest_name (mime_type);
  GtkFileChooserNative *chooser;
  SaveData *data = g_new0 (SaveData, 1);

  data->bytes = g_bytes_ref (bytes);
  data->widget = g_object_ref (GTK_WIDGET (button));

  chooser = gtk_file_chooser_native_new (_("Save"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* "image/png · 68 bytes", and a Save button */
static GtkWidget *
add_binary (GtkWidget  *box,
            const char *what,
            const char *mime_type,
            GBytes     *bytes)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save…"));
  g_autofree char *size = format_size (g_bytes_get_size (bytes));
  g_autofree char *caption = NULL;
  g_autofree char *shown = NULL;
  GtkWidget *label;

  /* Translators: a binary content item: what it is, its MIME type and its size */
  caption = g_strdup_printf (_("%s · %s · %s"), what, mime_type != NULL ? mime_type : _("unknown type"), size);
  shown = tether_visible_text (caption);
  label = add_label (row, shown, "dim-label", NULL);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (save), "mime-type", g_strdup (mime_type), g_free);
  g_signal_connect_data (save, "clicked", G_CALLBACK (save_clicked_cb),
                         g_bytes_ref (bytes), (GClosureNotify)(void (*) (void))g_bytes_unref, 0);
  gtk_widget_add_css_class (save, "result-save");
  gtk_box_append (GTK_BOX (row), save);
  gtk_box_append (GTK_BOX (box), row);

  return row;
}

static GBytes *
decode (const char *base64)
{
  gsize length = 0;
  guchar *data;

  if (base64 == NULL)
    return g_bytes_new (NULL, 0);

  data = g_base64_decode (base64, &length);

  return g_bytes_new_take (data, length);
}

static void
add_image (GtkWidget  *box,
           const char *mime_type,
           GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = gdk_texture_new_from_bytes (bytes, &error);

  if (texture != NULL)
    {
      GtkWidget *picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      int height = MAX (16, MIN (gdk_texture_get_height (texture), 320));

      gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
      gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
      gtk_widget_set_size_request (picture, -1, height);
      gtk_widget_set_halign (picture, GTK_ALIGN_START);
      gtk_widget_add_css_class (picture, "result-image");
      gtk_box_append (GTK_BOX (box), picture);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("The image could not be shown: %s"), error->message);
      g_autofree char *shown = tether_visible_text (text);

      add_label (box, shown, "warning", NULL);
    }

  add_binary (box, _("Image"), mime_type, bytes);
}

/* Resources */

typedef struct
{
  TetherResultView *self;
  GtkWidget        *box;
} ReadData;

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  ReadData *data = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = tether_server_request_finish (TETHER_SERVER (object), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    ;
  else if (node == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not read the resource: %s"), error->message);
      g_autofree char *shown = tether_visible_lines (text);

      add_label (data->box, shown, "error", NULL);
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonArray *contents = get_array (json_node_get_object (node), "contents");

      if (contents != NULL)
        add_contents (data->self, data->box, contents);
    }

  g_object_unref (data->box);
  g_object_unref (data->self);
  g_free (data);
}

static void
open_link_cb (GtkButton        *button,
              TetherResultView *self)
{
  const char *uri = g_object_get_data (G_OBJECT (button), "uri");
  ReadData *data;
  g_autoptr(JsonObject) params = json_object_new ();

  if (self->server == NULL || uri == NULL)
    return;

  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  data = g_new0 (ReadData, 1);
  data->self = g_object_ref (self);
  data->box = g_object_ref (gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (button))));
  json_object_set_string_member (params, "uri", uri);
  tether_server_request_async (self->server, "resources/read", params, self->cancellable, read_cb, data);
}

static void
add_resource (TetherResultView *self,
              GtkWidget        *box,
              JsonObject       *resource)
{
  const char *uri = get_string (resource, "uri");
  const char *mime_type = get_string (resource, "mimeType");
  const char *text = get_string (resource, "text");
  const char *blob = get_string (resource, "blob");
  g_autofree char *shown = tether_visible_text (uri != NULL ? uri : "");

  add_label (box, shown, "caption", "monospace", "dim-label", NULL);
  if (text != NULL)
    add_text_item (box, text);
  else if (blob != NULL)
    {
      g_autoptr(GBytes) bytes = decode (blob);

      if (mime_type != NULL && g_str_has_prefix (mime_type, "image/"))
        add_image (box, mime_type, bytes);
      else
        add_binary (box, _("Blob"), mime_type, bytes);
    }
}

static void
add_link (TetherResultView *self,
          GtkWidget        *box,
          JsonObject       *item)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open"));
  const char *uri = get_string (item, "uri");
  const char *name = get_string (item, "name");
  g_autofree char *text = g_strdup_printf ("%s%s%s", name != NULL ? name : "", name != NULL ? " · " : "",
                                           uri != NULL ? uri : "");
  g_autofree char *shown = tether_visible_text (text);
  GtkWidget *label = add_label (row, shown, "monospace", NULL);

  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (open), "uri", g_strdup (uri), g_free);
  gtk_widget_set_sensitive (open, uri != NULL && self->server != NULL);
  gtk_widget_set_tooltip_text (open, _("Read the resource"));
  gtk_widget_add_css_class (open, "result-open");
  g_signal_connect_object (open, "clicked", G_CALLBACK (open_link_cb), self, 0);
  gtk_box_append (GTK_BOX (row), open);
  gtk_box_append (GTK_BOX (group), row);
  gtk_box_append (GTK_BOX (box), group);
}

/* Content items */

static void
add_item (TetherResultView *self,
          GtkWidget        *box,
          JsonNode         *node)
{
  JsonObject *item = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *type = get_string (item, "type");
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  gtk_widget_add_css_class (frame, "result-item");
  gtk_widget_add_css_class (frame, "card");
  gtk_box_append (GTK_BOX (box), frame);

  if (g_strcmp0 (type, "text") == 0 && get_string (item, "text") != NULL)
    add_text_item (frame, get_string (item, "text"));
  else if (g_strcmp0 (type, "image") == 0)
    {
      g_autoptr(GBytes) bytes = decode (get_string (item, "data"));

      add_image (frame, get_string (item, "mimeType"), bytes);
    }
  else if (g_strcmp0 (type, "audio") == 0)
    {
      g_autoptr(GBytes) bytes = decode (get_string (item, "data"));

      add_binary (frame, _("Audio"), get_string (item, "mimeType"), bytes);
    }
  else if (g_strcmp0 (type, "resource") == 0 && get_object (item, "resource") != NULL)
    add_resource (self, frame, get_object (item, "resource"));
  else if (g_strcmp0 (type, "resource_link") == 0)
    add_link (self, frame, item);
  else
    {
      /* A kind this version does not know: as the server sent it. */
      g_autofree char *json = json_to_string (node, TRUE);

      add_text (frame, json, TRUE);
    }
}

static void
add_contents (TetherResultView *self,
              GtkWidget        *box,
              JsonArray        *contents)
{
  for (guint i = 0; i < json_array_get_length (contents); i++)
    {
      JsonNode *element = json_array_get_element (contents, i);

      /* resources/read gives resources as they are, a call gives items */
      if (JSON_NODE_HOLDS_OBJECT (element) && get_string (json_node_get_object (element), "type") == NULL &&
          get_string (json_node_get_object (element), "uri") != NULL)
        {
          GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

          gtk_widget_add_css_class (frame, "result-item");
          gtk_widget_add_css_class (frame, "card");
          gtk_box_append (GTK_BOX (box), frame);
          add_resource (self, frame, json_node_get_object (element));
        }
      else
        add_item (self, box, element);
    }
}

/* structuredContent, as a tree */

static GtkWidget *
tree_widget (const char *key,
             JsonNode   *node,
             guint       depth)
{
  g_autofree char *shown_key = key != NULL ? tether_visible_text (key) : NULL;

  if (JSON_NODE_HOLDS_OBJECT (node) || JSON_NODE_HOLDS_ARRAY (node))
    {
      gboolean is_object = JSON_NODE_HOLDS_OBJECT (node);
      guint n = is_object ? json_object_get_size (json_node_get_object (node))
                          : json_array_get_length (json_node_get_array (node));
      g_autofree char *title = NULL;
      GtkWidget *expander;
      GtkWidget *children = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

      if (is_object)
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s {%u member}", "%s {%u members}", n),
                                 shown_key != NULL ? shown_key : "", n);
      else
        title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s [%u item]", "%s [%u items]", n),
                                 shown_key != NULL ? shown_key : "", n);
      expander = gtk_expander_new (g_strstrip (title));
      gtk_expander_set_expanded (GTK_EXPANDER (expander), depth < 2);
      gtk_widget_set_margin_start (children, 18);
      gtk_expander_set_child (GTK_EXPANDER (expander), children);

      if (depth >= MAX_TREE_DEPTH)
        {
          add_label (children, "…", "dim-label", NULL);
          return expander;
        }

      if (is_object)
        {
          g_autoptr(GList) members = json_object_get_members (json_node_get_object (node));
          guint i = 0;

          for (GList *l = members; l != NULL && i < MAX_TREE_MEMBERS; l = l->next, i++)
            gtk_box_append (GTK_BOX (children),
                            tree_widget (l->data, json_object_get_member (json_node_get_object (node), l->data),
                                         depth + 1));
        }
      else
        for (guint i = 0; i < n && i < MAX_TREE_MEMBERS; i++)
          {
            char index[16];

            g_snprintf (index, sizeof index, "%u", i);
            gtk_box_append (GTK_BOX (children),
                            tree_widget (index, json_array_get_element (json_node_get_array (node), i), depth + 1));
          }

      if (n > MAX_TREE_MEMBERS)
        {
          g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %u more", "… and %u more",
                                                                n - MAX_TREE_MEMBERS),
                                                   n - MAX_TREE_MEMBERS);

          add_label (children, more, "dim-label", NULL);
        }

      return expander;
    }
  else
    {
      g_autofree char *value = json_to_string (node, FALSE);
      g_autofree char *line = key != NULL ? g_strdup_printf ("%s: %s", key, value) : g_strdup (value);
      g_autofree char *shown = tether_visible_text (line);
      GtkWidget *label = gtk_label_new (shown);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (label, "monospace");

      return label;
    }
}

static void
add_structured (GtkWidget *box,
                JsonNode  *structured,
                JsonNode  *output_schema)
{
  GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *tree = tree_widget (_("Structured content"), structured, 0);

  gtk_widget_add_css_class (frame, "result-item");
  gtk_widget_add_css_class (frame, "card");
  gtk_widget_add_css_class (frame, "result-structured");
  gtk_box_append (GTK_BOX (frame), tree);

  if (output_schema != NULL)
    {
      g_autoptr(TetherSchemaField) field = tether_schema_field_new_from_schema (output_schema);
      g_autofree char *reason = tether_schema_field_validate (field, structured);

      if (reason == NULL)
        add_label (frame, _("Matches the tool’s output schema."), "success", "caption", "schema-check", NULL);
      else
        {
          g_autofree char *text = g_strdup_printf (_("Does not match the tool’s output schema: %s"), reason);
          g_autofree char *shown = tether_visible_lines (text);

          add_label (frame, shown, "error", "caption", "schema-check", NULL);
        }
    }

  gtk_box_append (GTK_BOX (box), frame);
}

/* GObject */

static void
tether_result_view_dispose (GObject *object)
{
  TetherResultView *self = (TetherResultView *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->result, json_node_unref);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (tether_result_view_parent_class)->dispose (object);
}

static void
tether_result_view_class_init (TetherResultViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_result_view_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "resultview");
}

static void
tether_result_view_init (TetherResultView *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
}

void
tether_result_view_set_server (TetherResultView *self,
                               TetherServer     *server)
{
  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));

  g_set_object (&self->server, server);
}

/**
 * tether_result_view_clear:
 * @self: a #TetherResultView
 *
 * Shows nothing, and stops the reads of resources it started.
 */
void
tether_result_view_clear (TetherResultView *self)
{
  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_clear_pointer (&self->result, json_node_unref);

  for (GtkWidget *child; (child = gtk_widget_get_first_child (self->box)) != NULL;)
    gtk_box_remove (GTK_BOX (self->box), child);
}

/**
 * tether_result_view_show_result:
 * @self: a #TetherResultView
 * @result: a CallToolResult
 * @output_schema: (nullable): the tool's `outputSchema`
 */
void
tether_result_view_show_result (TetherResultView *self,
                                JsonNode         *result,
                                JsonNode         *output_schema)
{
  JsonObject *object;
  JsonNode *is_error;
  JsonNode *structured;
  JsonArray *content;

  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));
  g_return_if_fail (result != NULL);

  tether_result_view_clear (self);
  self->result = json_node_ref (result);

  if (!JSON_NODE_HOLDS_OBJECT (result))
    {
      g_autofree char *json = json_to_string (result, TRUE);

      add_label (self->box, _("The server’s answer is not a tool result:"), "error", NULL);
      add_text (self->box, json, TRUE);
      return;
    }

  object = json_node_get_object (result);
  is_error = json_object_get_member (object, "isError");
  if (is_error != NULL && JSON_NODE_HOLDS_VALUE (is_error) &&
      json_node_get_value_type (is_error) == G_TYPE_BOOLEAN && json_node_get_boolean (is_error))
    {
      GtkWidget *label = add_label (self->box, _("The tool reported an error"), "heading", "error", NULL);

      gtk_widget_add_css_class (label, "tool-error");
    }

  content = get_array (object, "content");
  if (content != NULL)
    add_contents (self, self->box, content);

  structured = json_object_get_member (object, "structuredContent");
  if (structured != NULL)
    add_structured (self->box, structured, output_schema);

  if ((content == NULL || json_array_get_length (content) == 0) && structured == NULL)
    add_label (self->box, _("The tool returned nothing."), "dim-label", NULL);
}

/**
 * tether_result_view_show_contents:
 * @self: a #TetherResultView
 * @result: a ReadResourceResult
 */
void
tether_result_view_show_contents (TetherResultView *self,
                                  JsonNode         *result)
{
  JsonArray *contents;

  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));
  g_return_if_fail (result != NULL);

  tether_result_view_clear (self);
  self->result = json_node_ref (result);

  contents = JSON_NODE_HOLDS_OBJECT (result) ? get_array (json_node_get_object (result), "contents") : NULL;
  if (contents != NULL)
    add_contents (self, self->box, contents);
  if (contents == NULL || json_array_get_length (contents) == 0)
    add_label (self->box, _("The resource is empty."), "dim-label", NULL);
}

/* "user", "assistant", or what else the server says, as a person reads it */
static char *
describe_role (const char *role)
{
  if (g_strcmp0 (role, "user") == 0)
    /* Translators: who says a message of a prompt: the user */
    return g_strdup (_("User"));
  if (g_strcmp0 (role, "assistant") == 0)
    /* Translators: who says a message of a prompt: the model */
    return g_strdup (_("Assistant"));

  return tether_visible_text (role != NULL ? role : "?");
}

/**
 * tether_result_view_show_messages:
 * @self: a #TetherResultView
 * @result: a GetPromptResult
 *
 * Shows the prompt's messages as a conversation: who says each, and what,
 * in any kind of content.
 */
void
tether_result_view_show_messages (TetherResultView *self,
                                  JsonNode         *result)
{
  JsonObject *object;
  JsonArray *messages;
  const char *description;

  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));
  g_return_if_fail (result != NULL);

  tether_result_view_clear (self);
  self->result = json_node_ref (result);

  object = JSON_NODE_HOLDS_OBJECT (result) ? json_node_get_object (result) : NULL;
  messages = get_array (object, "messages");
  if (messages == NULL)
    {
      g_autofree char *json = json_to_string (result, TRUE);

      add_label (self->box, _("The server’s answer is not a prompt:"), "error", NULL);
      add_text (self->box, json, TRUE);
      return;
    }

  description = get_string (object, "description");
  if (description != NULL && *description != '\0')
    {
      g_autofree char *shown = tether_visible_lines (description);

      add_label (self->box, shown, "dim-label", NULL);
    }

  for (guint i = 0; i < json_array_get_length (messages); i++)
    {
      JsonNode *element = json_array_get_element (messages, i);
      JsonObject *message = JSON_NODE_HOLDS_OBJECT (element) ? json_node_get_object (element) : NULL;
      JsonNode *content = message != NULL ? json_object_get_member (message, "content") : NULL;
      const char *role = get_string (message, "role");
      g_autofree char *who = describe_role (role);
      GtkWidget *label = add_label (self->box, who, "heading", NULL);

      gtk_widget_add_css_class (label, g_strcmp0 (role, "assistant") == 0 ? "message-assistant" : "message-user");
      if (content != NULL)
        add_item (self, self->box, content);
      else
        {
          g_autofree char *json = json_to_string (element, TRUE);

          add_text (self->box, json, TRUE);
        }
    }

  if (json_array_get_length (messages) == 0)
    add_label (self->box, _("The prompt has no messages."), "dim-label", NULL);
}

/**
 * tether_result_view_show_error:
 * @self: a #TetherResultView
 * @error: why there is no result: the protocol's error, not the tool's
 */
void
tether_result_view_show_error (TetherResultView *self,
                               const GError     *error)
{
  GtkWidget *label;

  g_return_if_fail (TETHER_IS_RESULT_VIEW (self));
  g_return_if_fail (error != NULL);

  tether_result_view_clear (self);
  label = add_label (self->box, _("No result"), "heading", NULL);
  gtk_widget_add_css_class (label, "protocol-error");
  label = add_text (self->box, error->message, FALSE);
  gtk_widget_add_css_class (label, "error");
}

JsonNode *
tether_result_view_get_result (TetherResultView *self)
{
  g_return_val_if_fail (TETHER_IS_RESULT_VIEW (self), NULL);

  return self->result;
}

/**
 * tether_result_view_dup_json:
 * @self: a #TetherResultView
 *
 * Returns: (transfer full) (nullable): the result shown, as pretty JSON
 */
char *
tether_result_view_dup_json (TetherResultView *self)
{
  g_return_val_if_fail (TETHER_IS_RESULT_VIEW (self), NULL);

  return self->result != NULL ? json_to_string (self->result, TRUE) : NULL;
}

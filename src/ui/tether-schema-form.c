/* tether-schema-form.c — the fields of a JSON Schema as a form
 *
 * Copyright 2026 The Tether authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tool's arguments or an elicitation's answer, filled in as a form made
 * from the TetherSchemaField tree: text and numbers in entries, a switch
 * for a boolean, a drop-down for a choice, a list with Add and Remove for
 * an array, nested objects as indented groups, and a small JSON editor for
 * a field the form cannot express. Required fields are marked, descriptions
 * are shown under the names, defaults are filled in, and every change is
 * checked at once, the reason shown under the field.
 *
 * An optional field left empty is not sent. "Is required" is said only
 * once the user asked for the values (Run, Accept), not while filling in.
 */

#define G_LOG_DOMAIN "tether-schema-form"

#include "config.h"

#include <glib/gi18n.h>

#include "tether-dialog-parts.h"
#include "tether-schema-form.h"
#include "tether-visible-text.h"

typedef struct _Editor Editor;

struct _Editor
{
  TetherSchemaForm  *form;      /* unowned */
  Editor            *parent;    /* unowned; NULL for the root */
  TetherSchemaField *field;
  char              *path;      /* "point.x", "tags[1]"; "" for the root */
  GtkWidget         *box;       /* the field's widgets, owned by its parent */
  GtkWidget         *input;     /* entry, switch, drop-down or text view */
  GtkLabel          *reason_label;
  GtkWidget         *items_box; /* ARRAY: one row per item */
  GPtrArray         *children;  /* Editor: an OBJECT's fields, an ARRAY's items */
  char              *reason;    /* why its value is not valid, or NULL */
  gboolean           touched;   /* BOOLEAN: a value was given */
  gboolean           has_none;  /* CHOICE: the first entry is "not given" */
};

struct _TetherSchemaForm
{
  GtkWidget          parent_instance;

  TetherSchemaField *root_field;
  Editor            *root;
  GtkWidget         *box;
  gboolean           updating;
  gboolean           checked;   /* say which required fields are missing */
};

G_DEFINE_FINAL_TYPE (TetherSchemaForm, tether_schema_form, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static Editor *build_editor (TetherSchemaForm  *form,
                             Editor            *parent,
                             TetherSchemaField *field,
                             const char        *path);
static void    editor_set   (Editor            *editor,
                             JsonNode          *value);
static void    refresh      (TetherSchemaForm  *self);

static void
editor_free (Editor *editor)
{
  g_clear_object (&editor->field);
  g_clear_pointer (&editor->path, g_free);
  g_clear_pointer (&editor->children, g_ptr_array_unref);
  g_clear_pointer (&editor->reason, g_free);
  g_free (editor);
}

static char *
child_path (const char *parent,
            const char *name)
{
  if (parent == NULL || *parent == '\0')
    return g_strdup (name);

  return g_strdup_printf ("%s.%s", parent, name);
}

static void
set_item_paths (Editor *array)
{
  for (guint i = 0; i < array->children->len; i++)
    {
      Editor *item = g_ptr_array_index (array->children, i);

      g_free (item->path);
      item->path = g_strdup_printf ("%s[%u]", array->path, i);
    }
}

/* Changes */

static void
changed_cb (Editor *editor)
{
  if (editor->form->updating)
    return;

  if (tether_schema_field_get_kind (editor->field) == TETHER_SCHEMA_KIND_BOOLEAN)
    editor->touched = TRUE;

  refresh (editor->form);
  g_signal_emit (editor->form, signals[CHANGED], 0);
}

static void
text_buffer_changed_cb (GtkTextBuffer *buffer,
                        Editor        *editor)
{
  changed_cb (editor);
}

static void
notify_changed_cb (GObject    *object,
                   GParamSpec *pspec,
                   Editor     *editor)
{
  changed_cb (editor);
}

/* Arrays */

static void
remove_item_cb (GtkButton *button,
                Editor    *item)
{
  Editor *array = item->parent;
  TetherSchemaForm *form = array->form;

  gtk_box_remove (GTK_BOX (array->items_box), gtk_widget_get_parent (item->box));
  g_ptr_array_remove (array->children, item);
  set_item_paths (array);

  refresh (form);
  g_signal_emit (form, signals[CHANGED], 0);
}

static Editor *
add_item (Editor *array)
{
  TetherSchemaField *items = tether_schema_field_get_items (array->field);
  g_autofree char *path = g_strdup_printf ("%s[%u]", array->path, array->children->len);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  Editor *item;

  item = build_editor (array->form, array, items, path);
  gtk_widget_set_hexpand (item->box, TRUE);
  gtk_box_append (GTK_BOX (row), item->box);
  gtk_widget_set_valign (remove, GTK_ALIGN_START);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove"), -1);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_item_cb), item);
  gtk_box_append (GTK_BOX (row), remove);
  gtk_box_append (GTK_BOX (array->items_box), row);
  g_ptr_array_add (array->children, item);

  return item;
}

static void
add_item_cb (GtkButton *button,
             Editor    *array)
{
  Editor *item = add_item (array);

  if (item->input != NULL)
    gtk_widget_grab_focus (item->input);
  refresh (array->form);
  g_signal_emit (array->form, signals[CHANGED], 0);
}

static void
clear_items (Editor *array)
{
  for (GtkWidget *row; (row = gtk_widget_get_first_child (array->items_box)) != NULL;)
    gtk_box_remove (GTK_BOX (array->items_box), row);
  g_ptr_array_set_size (array->children, 0);
}

/* Building */

static char *
describe_bounds (TetherSchemaField *field)
{
  double minimum, maximum;
  gboolean has_min = tether_schema_field_get_minimum (field, &minimum, NULL);
  gboolean has_max = tether_schema_field_get_maximum (field, &maximum, NULL);
  char min_text[G_ASCII_DTOSTR_BUF_SIZE], max_text[G_ASCII_DTOSTR_BUF_SIZE];

  if (has_min)
    g_ascii_formatd (min_text, sizeof min_text, "%g", minimum);
  if (has_max)
    g_ascii_formatd (max_text, sizeof max_text, "%g", maximum);

  if (has_min && has_max)
    /* Translators: the range of a number field, like "1 to 5" */
    return g_strdup_printf (_("%s to %s"), min_text, max_text);
  if (has_min)
    /* Translators: the lower bound of a number field */
    return g_strdup_printf (_("at least %s"), min_text);
  if (has_max)
    /* Translators: the upper bound of a number field */
    return g_strdup_printf (_("at most %s"), max_text);

  return NULL;
}

static GtkWidget *
build_choice (Editor *editor)
{
  TetherSchemaField *field = editor->field;
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint n = tether_schema_field_get_n_choices (field);
  GtkWidget *dropdown;

  editor->has_none = !tether_schema_field_get_required (field) ||
                     tether_schema_field_get_default (field) == NULL;
  if (editor->has_none)
    /* Translators: the entry of a drop-down that gives no value */
    gtk_string_list_append (labels, _("(none)"));

  for (guint i = 0; i < n; i++)
    {
      const char *label = tether_schema_field_get_choice_label (field, i);
      g_autofree char *json = NULL;
      g_autofree char *shown = NULL;

      if (label == NULL)
        {
          JsonNode *choice = tether_schema_field_get_choice (field, i);

          if (JSON_NODE_HOLDS_VALUE (choice) && json_node_get_value_type (choice) == G_TYPE_STRING)
            label = json_node_get_string (choice);
          else
            label = json = json_to_string (choice, FALSE);
        }
      shown = tether_visible_text (label);
      gtk_string_list_append (labels, shown);
    }

  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
  gtk_widget_set_halign (dropdown, GTK_ALIGN_START);

  return dropdown;
}

static GtkWidget *
build_json_view (Editor *editor)
{
  GtkTextView *view;
  GtkWidget *frame = tether_dialog_parts_text_view_new (&view, TRUE, 60);

  g_signal_connect (gtk_text_view_get_buffer (view), "changed",
                    G_CALLBACK (text_buffer_changed_cb), editor);
  editor->input = GTK_WIDGET (view);

  return frame;
}

static Editor *
build_editor (TetherSchemaForm  *form,
              Editor            *parent,
              TetherSchemaField *field,
              const char        *path)
{
  Editor *editor = g_new0 (Editor, 1);
  TetherSchemaKind kind = tether_schema_field_get_kind (field);
  gboolean is_item = parent != NULL && tether_schema_field_get_kind (parent->field) == TETHER_SCHEMA_KIND_ARRAY;
  const char *description = tether_schema_field_get_description (field);
  GtkWidget *input = NULL;
  GtkWidget *name_label = NULL;

  editor->form = form;
  editor->parent = parent;
  editor->field = g_object_ref (field);
  editor->path = g_strdup (path);
  editor->children = g_ptr_array_new_with_free_func ((GDestroyNotify)editor_free);
  editor->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  /* Names and descriptions come from the server: shown, never obeyed. */
  if (parent != NULL && !is_item)
    {
      const char *label = tether_schema_field_get_label (field);
      g_autofree char *shown = tether_visible_text (label != NULL ? label : "");
      GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *name = gtk_label_new (shown);

      gtk_label_set_xalign (GTK_LABEL (name), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (name, "heading");
      gtk_box_append (GTK_BOX (header), name);
      name_label = name;
      if (tether_schema_field_get_required (field))
        {
          /* Translators: a tag beside a field the form must have */
          GtkWidget *tag = gtk_label_new (_("required"));

          gtk_widget_add_css_class (tag, "caption");
          gtk_widget_add_css_class (tag, "tag");
          gtk_widget_set_valign (tag, GTK_ALIGN_CENTER);
          gtk_box_append (GTK_BOX (header), tag);
        }
      gtk_box_append (GTK_BOX (editor->box), header);

      if (description != NULL && *description != '\0')
        {
          g_autofree char *lines = tether_visible_lines (description);

          tether_dialog_parts_add_label (editor->box, lines, "dim-label");
        }
    }

  switch (kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
      {
        g_autofree char *hint = NULL;

        input = gtk_entry_new ();
        if (kind == TETHER_SCHEMA_KIND_STRING)
          hint = g_strdup (tether_schema_field_get_format (field));
        else
          {
            gtk_entry_set_input_purpose (GTK_ENTRY (input),
                                         kind == TETHER_SCHEMA_KIND_INTEGER ? GTK_INPUT_PURPOSE_DIGITS
                                                                            : GTK_INPUT_PURPOSE_NUMBER);
            hint = describe_bounds (field);
          }
        if (hint != NULL)
          {
            g_autofree char *shown = tether_visible_text (hint);

            gtk_entry_set_placeholder_text (GTK_ENTRY (input), shown);
          }
        g_signal_connect (input, "notify::text", G_CALLBACK (notify_changed_cb), editor);
        editor->input = input;
      }
      break;

    case TETHER_SCHEMA_KIND_BOOLEAN:
      input = gtk_switch_new ();
      gtk_widget_set_halign (input, GTK_ALIGN_START);
      g_signal_connect (input, "notify::active", G_CALLBACK (notify_changed_cb), editor);
      editor->input = input;
      break;

    case TETHER_SCHEMA_KIND_CHOICE:
      input = build_choice (editor);
      g_signal_connect (input, "notify::selected", G_CALLBACK (notify_changed_cb), editor);
      editor->input = input;
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
      {
        GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Item"));

        editor->items_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
        gtk_box_append (GTK_BOX (editor->box), editor->items_box);
        gtk_widget_set_halign (add, GTK_ALIGN_START);
        g_signal_connect (add, "clicked", G_CALLBACK (add_item_cb), editor);
        editor->input = add;
        input = add;
      }
      break;

    case TETHER_SCHEMA_KIND_OBJECT:
      {
        GListModel *fields = tether_schema_field_get_fields (field);
        guint n = g_list_model_get_n_items (fields);
        GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

        if (parent != NULL)
          {
            gtk_widget_set_margin_start (group, 18);
            gtk_widget_add_css_class (group, "schema-group");
          }
        for (guint i = 0; i < n; i++)
          {
            g_autoptr(TetherSchemaField) child = g_list_model_get_item (fields, i);
            g_autofree char *member_path = child_path (path, tether_schema_field_get_name (child));
            Editor *child_editor = build_editor (form, editor, child, member_path);

            gtk_box_append (GTK_BOX (group), child_editor->box);
            g_ptr_array_add (editor->children, child_editor);
          }
        input = group;
      }
      break;

    case TETHER_SCHEMA_KIND_RAW:
    default:
      {
        const char *why = tether_schema_field_get_raw_reason (field);

        if (why != NULL && parent != NULL)
          {
            g_autofree char *text = g_strdup_printf (_("As JSON: %s"), why);

            tether_dialog_parts_add_label (editor->box, text, "dim-label");
          }
        if (parent != NULL)
          input = build_json_view (editor);
      }
      break;
    }

  /* What a screen reader says of the value's control: the field's name,
   * not the control's type. */
  if (name_label != NULL && editor->input != NULL && !GTK_IS_BUTTON (editor->input))
    gtk_accessible_update_property (GTK_ACCESSIBLE (editor->input), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_label_get_text (GTK_LABEL (name_label)), -1);

  if (input != NULL)
    gtk_box_append (GTK_BOX (editor->box), input);

  editor->reason_label = GTK_LABEL (tether_dialog_parts_add_label (editor->box, NULL, "error"));
  gtk_widget_add_css_class (GTK_WIDGET (editor->reason_label), "caption");
  gtk_widget_set_visible (GTK_WIDGET (editor->reason_label), FALSE);

  return editor;
}

/* Values */

static char *
dup_text (Editor *editor)
{
  if (GTK_IS_TEXT_VIEW (editor->input))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (editor->input));
      GtkTextIter start, end;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    }

  return g_strdup (gtk_editable_get_text (GTK_EDITABLE (editor->input)));
}

static void
set_reason (Editor     *editor,
            const char *reason)
{
  g_free (editor->reason);
  editor->reason = g_strdup (reason);
  gtk_label_set_label (editor->reason_label, reason != NULL ? reason : "");
  gtk_widget_set_visible (GTK_WIDGET (editor->reason_label), reason != NULL);
  if (editor->input != NULL && !GTK_IS_BUTTON (editor->input) && !GTK_IS_BOX (editor->input))
    {
      if (reason != NULL)
        gtk_widget_add_css_class (editor->input, "error");
      else
        gtk_widget_remove_css_class (editor->input, "error");
    }
}

/* The value of @editor, NULL when not given; sets every reason on the way
 * and the first one into @problem. */
static JsonNode *
editor_value (Editor  *editor,
              char   **problem)
{
  TetherSchemaField *field = editor->field;
  TetherSchemaKind kind = tether_schema_field_get_kind (field);
  gboolean required = tether_schema_field_get_required (field) ||
                      (editor->parent != NULL &&
                       tether_schema_field_get_kind (editor->parent->field) == TETHER_SCHEMA_KIND_ARRAY);
  g_autoptr(JsonNode) value = NULL;
  g_autofree char *reason = NULL;
  gboolean missing = FALSE;

  switch (kind)
    {
    case TETHER_SCHEMA_KIND_STRING:
    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
    case TETHER_SCHEMA_KIND_RAW:
      {
        g_autofree char *text = NULL;
        g_autoptr(GError) error = NULL;

        if (editor->input == NULL)
          break;
        text = dup_text (editor);
        if (kind != TETHER_SCHEMA_KIND_STRING)
          g_strstrip (text);
        if (*text == '\0')
          missing = TRUE;
        else if (kind == TETHER_SCHEMA_KIND_RAW)
          {
            g_autoptr(JsonParser) parser = json_parser_new ();

            if (json_parser_load_from_data (parser, text, -1, &error))
              value = json_parser_steal_root (parser);
            else
              reason = g_strdup_printf (_("not valid JSON: %s"), error->message);
          }
        else if ((value = tether_schema_field_parse_text (field, text, &error)) == NULL)
          reason = g_strdup (error->message);
      }
      break;

    case TETHER_SCHEMA_KIND_BOOLEAN:
      if (editor->touched)
        value = json_node_init_boolean (json_node_alloc (),
                                        gtk_switch_get_active (GTK_SWITCH (editor->input)));
      else
        missing = TRUE;
      break;

    case TETHER_SCHEMA_KIND_CHOICE:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (editor->input));

        if (selected == GTK_INVALID_LIST_POSITION || (editor->has_none && selected == 0))
          missing = TRUE;
        else
          value = json_node_copy (tether_schema_field_get_choice (field, selected - (editor->has_none ? 1 : 0)));
      }
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
      {
        JsonArray *array = json_array_new ();

        for (guint i = 0; i < editor->children->len; i++)
          {
            JsonNode *item = editor_value (g_ptr_array_index (editor->children, i), problem);

            if (item != NULL)
              json_array_add_element (array, item);
          }
        value = json_node_init_array (json_node_alloc (), array);
        json_array_unref (array);
        if (editor->children->len == 0 && !tether_schema_field_get_required (field))
          g_clear_pointer (&value, json_node_unref);
      }
      break;

    case TETHER_SCHEMA_KIND_OBJECT:
      {
        JsonObject *object = json_object_new ();

        for (guint i = 0; i < editor->children->len; i++)
          {
            Editor *child = g_ptr_array_index (editor->children, i);
            JsonNode *member = editor_value (child, problem);

            if (member != NULL)
              json_object_set_member (object, tether_schema_field_get_name (child->field), member);
          }
        value = json_node_init_object (json_node_alloc (), object);
        if (json_object_get_size (object) == 0 && editor->parent != NULL &&
            !tether_schema_field_get_required (field))
          g_clear_pointer (&value, json_node_unref);
        json_object_unref (object);
        /* Each member said what is wrong with it. */
        set_reason (editor, NULL);
        return g_steal_pointer (&value);
      }

    default:
      g_assert_not_reached ();
    }

  if (missing && required && editor->form->checked)
    reason = g_strdup (_("is required"));
  else if (value != NULL && reason == NULL)
    reason = tether_schema_field_validate (field, value);

  set_reason (editor, reason);
  if (reason != NULL && problem != NULL && *problem == NULL)
    {
      const char *label = tether_schema_field_get_label (field);

      if (label != NULL && editor->parent != NULL)
        *problem = g_strdup_printf ("%s: %s", label, reason);
      else
        *problem = g_strdup (reason);
    }

  return g_steal_pointer (&value);
}

static void
refresh (TetherSchemaForm *self)
{
  g_autoptr(JsonNode) value = NULL;

  if (self->root != NULL)
    value = editor_value (self->root, NULL);
}

static void
editor_set (Editor   *editor,
            JsonNode *value)
{
  TetherSchemaField *field = editor->field;

  switch (tether_schema_field_get_kind (field))
    {
    case TETHER_SCHEMA_KIND_STRING:
    case TETHER_SCHEMA_KIND_NUMBER:
    case TETHER_SCHEMA_KIND_INTEGER:
      {
        g_autofree char *text = NULL;

        if (value == NULL || JSON_NODE_HOLDS_NULL (value))
          text = g_strdup ("");
        else if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
          text = g_strdup (json_node_get_string (value));
        else
          text = json_to_string (value, FALSE);
        gtk_editable_set_text (GTK_EDITABLE (editor->input), text);
      }
      break;

    case TETHER_SCHEMA_KIND_BOOLEAN:
      editor->touched = value != NULL && JSON_NODE_HOLDS_VALUE (value);
      gtk_switch_set_active (GTK_SWITCH (editor->input),
                             editor->touched && json_node_get_value_type (value) == G_TYPE_BOOLEAN &&
                             json_node_get_boolean (value));
      break;

    case TETHER_SCHEMA_KIND_CHOICE:
      {
        guint n = tether_schema_field_get_n_choices (field);
        guint selected = editor->has_none ? 0 : GTK_INVALID_LIST_POSITION;

        for (guint i = 0; value != NULL && i < n; i++)
          if (json_node_equal (value, tether_schema_field_get_choice (field, i)))
            selected = i + (editor->has_none ? 1 : 0);
        gtk_drop_down_set_selected (GTK_DROP_DOWN (editor->input), selected);
      }
      break;

    case TETHER_SCHEMA_KIND_ARRAY:
      clear_items (editor);
      if (value != NULL && JSON_NODE_HOLDS_ARRAY (value))
        {
          JsonArray *array = json_node_get_array (value);

          for (guint i = 0; i < json_array_get_length (array); i++)
            editor_set (add_item (editor), json_array_get_element (array, i));
        }
      break;

    case TETHER_SCHEMA_KIND_OBJECT:
      {
        JsonObject *object = value != NULL && JSON_NODE_HOLDS_OBJECT (value) ? json_node_get_object (value) : NULL;

        for (guint i = 0; i < editor->children->len; i++)
          {
            Editor *child = g_ptr_array_index (editor->children, i);
            const char *name = tether_schema_field_get_name (child->field);

            editor_set (child, object != NULL && name != NULL ? json_object_get_member (object, name) : NULL);
          }
      }
      break;

    case TETHER_SCHEMA_KIND_RAW:
    default:
      if (GTK_IS_TEXT_VIEW (editor->input))
        {
          g_autofree char *text = value != NULL ? json_to_string (value, TRUE) : g_strdup ("");

          gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (editor->input)), text, -1);
        }
      break;
    }
}

static Editor *
find_editor (Editor     *editor,
             const char *path)
{
  if (g_strcmp0 (editor->path, path) == 0)
    return editor;

  for (guint i = 0; i < editor->children->len; i++)
    {
      Editor *found = find_editor (g_ptr_array_index (editor->children, i), path);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* GObject */

static void
tether_schema_form_dispose (GObject *object)
{
  TetherSchemaForm *self = (TetherSchemaForm *)object;

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->root, editor_free);
  g_clear_object (&self->root_field);

  G_OBJECT_CLASS (tether_schema_form_parent_class)->dispose (object);
}

static void
tether_schema_form_class_init (TetherSchemaFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tether_schema_form_dispose;

  /**
   * TetherSchemaForm::changed:
   *
   * The user changed a value.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "schemaform");
}

static void
tether_schema_form_init (TetherSchemaForm *self)
{
}

/**
 * tether_schema_form_new:
 * @root: the fields, as tether_schema_field_new_from_schema() made them
 *
 * A form for @root with its defaults filled in. A RAW root has no fields:
 * its value is edited as JSON elsewhere.
 *
 * Returns: (transfer floating): a new #TetherSchemaForm
 */
GtkWidget *
tether_schema_form_new (TetherSchemaField *root)
{
  TetherSchemaForm *self;
  g_autoptr(JsonObject) defaults = NULL;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FIELD (root), NULL);

  self = g_object_new (TETHER_TYPE_SCHEMA_FORM, NULL);
  self->root_field = g_object_ref (root);
  self->root = build_editor (self, NULL, root, "");
  self->box = self->root->box;
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  if (tether_schema_field_get_kind (root) == TETHER_SCHEMA_KIND_OBJECT)
    {
      defaults = tether_schema_field_apply_defaults (root, NULL);
      tether_schema_form_set_values (self, defaults);
    }

  return GTK_WIDGET (self);
}

TetherSchemaField *
tether_schema_form_get_root (TetherSchemaForm *self)
{
  g_return_val_if_fail (TETHER_IS_SCHEMA_FORM (self), NULL);

  return self->root_field;
}

/**
 * tether_schema_form_dup_values:
 * @self: a #TetherSchemaForm
 * @problem: (out) (optional) (transfer full): the first reason a value is
 *   not valid, with the field it belongs to
 *
 * The values given, as an object. Asked with @problem (to send them),
 * from then on the fields that are required and missing say so.
 *
 * Returns: (transfer full): the values, also when one of them is not valid
 */
JsonObject *
tether_schema_form_dup_values (TetherSchemaForm  *self,
                               char             **problem)
{
  g_autoptr(JsonNode) value = NULL;
  g_autofree char *first = NULL;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FORM (self), NULL);

  if (problem != NULL)
    self->checked = TRUE;
  value = editor_value (self->root, &first);

  if (problem != NULL)
    *problem = g_steal_pointer (&first);

  if (value == NULL || !JSON_NODE_HOLDS_OBJECT (value))
    return json_object_new ();

  return json_object_ref (json_node_get_object (value));
}

/**
 * tether_schema_form_set_values:
 * @self: a #TetherSchemaForm
 * @values: (nullable): the values to show; the fields it leaves out are
 *   emptied
 */
void
tether_schema_form_set_values (TetherSchemaForm *self,
                               JsonObject       *values)
{
  g_autoptr(JsonNode) node = NULL;

  g_return_if_fail (TETHER_IS_SCHEMA_FORM (self));

  if (values != NULL)
    node = json_node_init_object (json_node_alloc (), values);

  self->updating = TRUE;
  editor_set (self->root, node);
  self->updating = FALSE;

  refresh (self);
}

/**
 * tether_schema_form_get_input:
 * @self: a #TetherSchemaForm
 * @path: a field, as "name", "group.name" or "list[0]"
 *
 * Returns: (transfer none) (nullable): the widget that edits it
 */
GtkWidget *
tether_schema_form_get_input (TetherSchemaForm *self,
                              const char       *path)
{
  Editor *editor;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FORM (self), NULL);

  editor = find_editor (self->root, path);

  return editor != NULL ? editor->input : NULL;
}

/**
 * tether_schema_form_get_reason:
 * @self: a #TetherSchemaForm
 * @path: a field, as for tether_schema_form_get_input()
 *
 * Returns: (nullable): why its value is not valid, as shown next to it
 */
const char *
tether_schema_form_get_reason (TetherSchemaForm *self,
                               const char       *path)
{
  Editor *editor;

  g_return_val_if_fail (TETHER_IS_SCHEMA_FORM (self), NULL);

  editor = find_editor (self->root, path);

  return editor != NULL ? editor->reason : NULL;
}
